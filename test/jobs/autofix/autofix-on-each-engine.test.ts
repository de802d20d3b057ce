import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WORKSPACE_PATCH_FIELD } from "../../../src/engines/managed-agents/agent-definition.js";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import type { AutofixRequest } from "../../../src/jobs/autofix/autofix-request.js";
import { proposeFix } from "../../../src/jobs/autofix/propose-fix.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { createRemoteWithClone, type TempRepo } from "../../fixtures/git-repo.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi, type ScriptedReply } from "../../harness/scripted-messages-api.js";
import { ManagedAgentsDouble } from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
} from "../../managed-agents-double/scripted-events.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One suite, both engines: the autofix's start (autofixSessionPlan) and its finish up to publishing
// (proposedFixFrom: the edits landed in the checkout, the secret check on the patch, push or skip)
// are written once. The engines differ only in how the edits come back: the CLI's agent writes its
// copy of the checkout through the Write tool (the host applies the edits), the remote agent hands
// in a patch with its result. Publishing (commit, push, comment) is tested in run-autofix.test.ts.

const SECRET = "ghs_AutofixTableSecret0123456789";
const FIXED_APP =
  "export function add(a: number, b: number) {\n  return a + b;\n}\nexport const two = add(1, 1);\n";
const REPORT = {
  summary: "add() subtracted; it adds now.",
  files_changed: [{ path: "src/app.ts", reason: "add() must return a + b" }],
  commands_run: [{ command: "npm test", result: "not_run", detail: "no test script" }],
  commit_message: "fix: add numbers instead of subtracting",
};

interface FixingEngine {
  /** Settings whose agent writes `files` (relative paths) in its workspace, then reports REPORT. */
  settingsFor(files: Record<string, string>, head: TempRepo): Promise<JobSettings>;
  close(): Promise<void>;
}

const base = (): JobSettings => ({
  maxTurns: 8,
  maxBudgetUsd: 1,
  timeoutMs: 120_000,
  agentEnv: {},
  hostEnv: process.env,
  secretValues: [SECRET],
});

async function cliFixer(): Promise<FixingEngine> {
  let queue: ScriptedReply[] = [];
  const api = await ScriptedMessagesApi.start(() => queue.shift() ?? { kind: "text", text: "done" });
  return {
    async settingsFor(files) {
      queue = [
        // The CLI writes an existing file only after the agent read it.
        ...Object.entries(files).flatMap(([path, content]): ScriptedReply[] => [
          { kind: "tool_use", name: "Read", input: { file_path: path } },
          { kind: "tool_use", name: "Write", input: { file_path: path, content } },
        ]),
        { kind: "structured_output", value: REPORT },
      ];
      return {
        ...base(),
        claudePath: CLAUDE_BIN,
        agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      };
    },
    close: () => api.close(),
  };
}

async function managedAgentsFixer(): Promise<FixingEngine> {
  const apiKey = "sk-ant-autofix-table";
  const double = await ManagedAgentsDouble.start({ apiKey });
  return {
    async settingsFor(files, head) {
      // What the remote agent's read-back prints after its edits, computed on the head's checkout.
      for (const [path, content] of Object.entries(files)) head.write(path, content);
      const patch = `${head.git("diff", "--binary", "HEAD")}\n`;
      head.git("checkout", "-q", "--", ".");
      double.scenario = (input) =>
        input.kind === "message"
          ? [
              running(),
              ...modelRequest(),
              submit({ ...REPORT, [WORKSPACE_PATCH_FIELD]: patch }),
              requiresAction(),
            ]
          : input.kind === "custom_tool_result"
            ? [running(), message("Done."), idle("end_turn")]
            : undefined;
      const service = new ManagedAgentsEngine({
        apiKey,
        baseURL: double.baseURL,
        repositoryToken: async () => "ghs_read",
        retry: { initialDelayMs: 5, maxDelayMs: 20 },
      });
      return { ...base(), engine: new ManagedAgentsJobEngine(service) };
    },
    close: () => double.close(),
  };
}

describe.each([
  ["cli", cliFixer],
  ["managed-agents", managedAgentsFixer],
])("an autofix on the %s engine", (_name, start) => {
  let engine: FixingEngine;
  const repos: TempRepo[] = [];
  beforeAll(async () => {
    engine = await start();
  });
  afterAll(async () => {
    await engine?.close();
    for (const repo of repos) repo.remove();
  });

  const propose = async (files: Record<string, string>) => {
    const { remote, clone, headSha } = createRemoteWithClone("feature");
    repos.push(remote, clone);
    const request: AutofixRequest = {
      repository: { owner: "octo", name: "app" },
      checkoutDir: clone.dir,
      pullRequest: {
        number: 7,
        title: "Add two",
        body: "",
        author: "dev",
        headRef: "feature",
        headSha,
        baseSha: remote.git("rev-parse", "refs/heads/main"),
      },
      isFork: false,
      label: false,
      testCommands: ["npm test"],
    };
    const proposed = await proposeFix(request, await engine.settingsFor(files, clone), []);
    return { proposed, clone };
  };

  it("the agent's edit lands in the runner's checkout and is to be pushed, with the agent's report", async () => {
    const { proposed, clone } = await propose({ "src/app.ts": FIXED_APP });
    expect(readFileSync(join(clone.dir, "src/app.ts"), "utf8")).toBe(FIXED_APP);
    expect(proposed.sessionFailure).toBeUndefined();
    expect(proposed.action).toEqual({ kind: "push" });
    expect(proposed.changes.paths).toEqual(["src/app.ts"]);
    expect(clone.git("diff", "--name-only")).toBe("src/app.ts");
    expect(proposed.report?.commitMessage).toBe(REPORT.commit_message);
  });

  it("an edit that writes a job secret, reversed, into a file is neither pushed nor suggested", async () => {
    const reversed = [...SECRET].reverse().join("");
    const { proposed } = await propose({ "src/app.ts": `${FIXED_APP}// ${reversed}\n` });
    expect(proposed.action).toMatchObject({ kind: "skip", reason: "session_failed" });
    expect(proposed.sessionFailure).toMatch(/contains the value of a secret/);
  });
});
