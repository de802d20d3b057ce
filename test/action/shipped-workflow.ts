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
 * workflow starts the job for an event (its `on:` types and the `contains(…comment.body…)` guard
 * of the job's `if:`), `inputs` are the action's literal `with:` values (expressions dropped).
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
      const guards = [...(job.if ?? "").matchAll(/contains\(github\.event\.comment\.body, '([^']+)'\)/g)].map(
        (m) => m[1]!,
      );
      const body = String((payload.comment as { body?: string } | undefined)?.body ?? "");
      return guards.length === 0 || guards.some((g) => body.includes(g));
    },
  };
}
