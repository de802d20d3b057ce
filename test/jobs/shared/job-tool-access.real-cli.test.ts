import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { jobToolAccess } from "../../../src/jobs/shared/job-tool-access.js";
import { builtInPolicy, runSession } from "../../../src/runner/index.js";
import type { RecordedRequest } from "../../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "../../runner/scripted-session.js";

// The second layer behind can_use_tool: with the job's `--tools`, the real CLI 2.1.235 does not even
// offer the model a tool the job policy could never allow.
const schema = { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] };
const AGENTIC_TOOLS = [
  "Agent",
  "Task",
  "Workflow",
  "CronCreate",
  "EnterWorktree",
  "SendMessage",
  "WebFetch",
  "WebSearch",
  "NotebookEdit",
];

const offered = (request: RecordedRequest | undefined) =>
  (((request?.body ?? {}) as { tools?: Array<{ name: string }> }).tools ?? [])
    .map((tool) => tool.name)
    .sort();

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("a job's --tools on the real CLI", () => {
  it("a review is offered only its policy's tools; a call to an unoffered tool never reaches the policy; structured output completes", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "WebFetch", input: { url: "http://127.0.0.1:9/leak", prompt: "x" } },
      { kind: "structured_output", value: { ok: true } },
    ]);
    const access = jobToolAccess("review", builtInPolicy("review", { workspace: s.workspace }), {}, true);
    const outcome = await runSession(s.options({ ...access, jsonSchema: schema })).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(outcome.structuredOutput).toEqual({ ok: true });
    expect(offered(s.api.mainRequests[0])).toEqual(["Bash", "Glob", "Grep", "Read", "StructuredOutput"]);
    for (const tool of AGENTIC_TOOLS) expect(offered(s.api.mainRequests[0])).not.toContain(tool);
    // The CLI refuses the unoffered tool itself: no can_use_tool, so no policy decision for it.
    expect(outcome.policyDecisions.map((d) => d.toolName)).toEqual(["StructuredOutput"]);
    const toolResult = JSON.stringify(s.api.mainRequests[1]?.body);
    expect(toolResult).toMatch(/No such tool available: WebFetch/);
  });

  it("an autofix is still offered Edit and Write, and its Write works", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "Write", input: { file_path: "FIXED.md", content: "fixed\n" } },
      { kind: "structured_output", value: { ok: true } },
    ]);
    const access = jobToolAccess("autofix", builtInPolicy("autofix", { workspace: s.workspace }), {}, true);
    // As propose-fix runs it: the edits come back to the workspace.
    const outcome = await runSession(s.options({ ...access, jsonSchema: schema, workspaceAccess: "write" }))
      .outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(offered(s.api.mainRequests[0])).toEqual([
      "Bash",
      "Edit",
      "Glob",
      "Grep",
      "NotebookEdit",
      "Read",
      "StructuredOutput",
      "Write",
    ]);
    for (const tool of AGENTIC_TOOLS.filter((t) => t !== "NotebookEdit")) {
      expect(offered(s.api.mainRequests[0])).not.toContain(tool);
    }
    expect(outcome.policyDecisions).toMatchObject([
      { toolName: "Write", behavior: "allow", ruleId: "edit-workspace" },
      { toolName: "StructuredOutput", behavior: "allow" },
    ]);
    expect(await readFile(path.join(s.workspace, "FIXED.md"), "utf8")).toBe("fixed\n");
  });
});
