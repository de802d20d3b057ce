import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parse } from "yaml";

interface WorkflowFile {
  on: Record<string, { types?: string[] } | null>;
  jobs: Record<string, { if?: string; steps: Array<{ uses?: string; with?: Record<string, string> }> }>;
}

/**
 * One of the workflows we ship in workflows/, read as GitHub reads it, so an e2e test drives the
 * action with the events and inputs a user who copies the file gets: `accepts` says whether the
 * workflow starts the job for an event (its `on:` types and the job's `if:`), `inputs` are the
 * action's literal `with:` values (expressions dropped).
 */
export function shippedWorkflow(file: string) {
  const workflow = parse(readFileSync(resolve("workflows", file), "utf8")) as WorkflowFile;
  const [job] = Object.values(workflow.jobs);
  if (!job) throw new Error(`${file} has no job`);
  const step = job.steps.find((s) => s.uses?.startsWith("claude-pr-runner/"));
  if (!step) throw new Error(`${file} does not use the action`);
  const inputs = Object.fromEntries(
    Object.entries(step.with ?? {}).filter(([, value]) => !String(value).includes("${{")),
  );
  return {
    inputs,
    accepts(eventName: string, payload: Record<string, unknown>): boolean {
      if (!(eventName in workflow.on)) return false;
      const types = workflow.on[eventName]?.types;
      if (types && !types.includes(String(payload.action))) return false;
      return evaluateIf(job.if, payload);
    },
  };
}

/**
 * The job `if:` forms our workflows use: clauses joined by `||`, each `contains(github.event.X, 'v')`,
 * `github.event.X == 'v'` or `github.event.X != 'v'`. Anything else throws, so a workflow edit that
 * this cannot read fails the test instead of being waved through.
 */
function evaluateIf(condition: string | undefined, payload: Record<string, unknown>): boolean {
  if (!condition) return true;
  return condition.split("||").some((raw) => {
    const clause = raw.trim();
    const contains = /^contains\(github\.event\.([\w.]+), '([^']*)'\)$/.exec(clause);
    if (contains) return String(at(payload, contains[1]!) ?? "").includes(contains[2]!);
    const compare = /^github\.event\.([\w.]+) (==|!=) '([^']*)'$/.exec(clause);
    if (compare) return (String(at(payload, compare[1]!) ?? "") === compare[3]) === (compare[2] === "==");
    throw new Error(`shippedWorkflow cannot evaluate the if: clause ${JSON.stringify(clause)}`);
  });
}

function at(value: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((v, key) => (v as Record<string, unknown> | undefined)?.[key], value);
}
