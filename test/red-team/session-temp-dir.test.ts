import { chown, mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { type RecordedRequest, type ScriptedReply, toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

/**
 * The CLI keeps its working files in `$TMPDIR/claude-<uid>`. When every session on a host inherits the
 * same TMPDIR, that directory is shared: by a self-hosted runner's jobs one after another, by a warm
 * Lambda container's invocations, and by any other local user who can create it first. Two attacks:
 * a local user pre-creates the directory (the CLI refuses to start: every job on the host fails), and
 * an agent leaves files there for the next session on the host to find. The runner gives each session
 * a temp dir of its own inside the session's private root, removed with it. Real CLI, host's own user.
 */
let s: ScriptedSession | undefined;
const extraDirs: string[] = [];
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
  for (const dir of extraDirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

function allowShell(): ToolPolicy {
  return new ToolPolicy({
    name: "temp-dir-test",
    rules: [
      { id: "allow-sh", effect: "allow", tools: ["Bash"], commandPrefixes: ["sh"], confineArguments: false },
    ],
  });
}

function bash(command: string, id: string): ScriptedReply {
  return { kind: "tool_use", name: "Bash", input: { command, description: "probe" }, id };
}

function resultOf(requests: RecordedRequest[], id: string): string {
  const result = requests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === id);
  if (!result) throw new Error(`no tool result for ${id}`);
  return JSON.stringify(result.content);
}

/** A TMPDIR the host shares with everything else on it: the test's own directory, never /tmp itself. */
async function sharedTempDir(): Promise<string> {
  const dir = await makeTempDir("shared-tmpdir");
  extraDirs.push(dir);
  return dir;
}

describe("the CLI's temp dir is the session's own", () => {
  it("a claude-<uid> directory another user pre-created in the host's TMPDIR does not stop the session", async () => {
    const shared = await sharedTempDir();
    const squatted = path.join(shared, `claude-${process.getuid?.() ?? 0}`);
    await mkdir(squatted);
    await chown(squatted, 65534, 65534); // nobody's, as another local user would leave it
    s = await scriptedSession((_request, index) =>
      index === 0 ? bash(`sh -c 'printenv TMPDIR'`, "toolu_tmp") : { kind: "text", text: "done" },
    );
    const base = s.options();
    const outcome = await runSession({
      ...base,
      policy: allowShell(),
      sourceEnv: { ...base.sourceEnv, TMPDIR: shared },
    }).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const agentTmp = (JSON.parse(resultOf(s.api.mainRequests, "toolu_tmp")) as string).trim();
    expect(agentTmp).not.toBe(shared);
    expect(agentTmp.startsWith(shared)).toBe(false);
    await expect(stat(agentTmp)).rejects.toThrow(/ENOENT/); // removed with its session
    expect((await stat(squatted)).uid).toBe(65534); // left as it was found
  });

  it("what one session's agent leaves in its temp dir, the next session on the host does not find; it is gone with its session", async () => {
    const shared = await sharedTempDir();
    const planted = "PLANTED-BY-AN-EARLIER-AGENT";
    s = await scriptedSession((_request, index) =>
      index === 0
        ? bash(`sh -c 'echo ${planted} > "$TMPDIR/left-behind"; printenv TMPDIR'`, "toolu_plant")
        : { kind: "text", text: "done" },
    );
    const first = s.options();
    const outcome = await runSession({
      ...first,
      policy: allowShell(),
      sourceEnv: { ...first.sourceEnv, TMPDIR: shared },
    }).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const firstTmp = (JSON.parse(resultOf(s.api.mainRequests, "toolu_plant")) as string).trim();
    expect(firstTmp).not.toBe("");
    await expect(stat(firstTmp)).rejects.toThrow(/ENOENT/);
    await s.cleanup();

    s = await scriptedSession((_request, index) =>
      index === 0
        ? bash(`sh -c 'cat "$TMPDIR/left-behind"; echo LOOKED'`, "toolu_look")
        : { kind: "text", text: "done" },
    );
    const second = s.options();
    const next = await runSession({
      ...second,
      policy: allowShell(),
      sourceEnv: { ...second.sourceEnv, TMPDIR: shared },
    }).outcome;
    expect(next.exitCode, next.failureReasons.join("\n")).toBe(0);
    const seen = resultOf(s.api.mainRequests, "toolu_look");
    expect(seen).toContain("LOOKED");
    expect(seen).not.toContain(planted);
    // Neither session's CLI nor agent wrote anything in the host's TMPDIR.
    expect(await readdir(shared)).toEqual([]);
  });
});
