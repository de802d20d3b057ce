// The CLI loads CLAUDE.md, CLAUDE.local.md and .claude/CLAUDE.md from every directory above its
// working directory (2.1.235, without --bare). The agent works in `<temp root>/workspace`, and the
// temp root sits in the host's TMPDIR (/tmp) or a door's work root (RUNNER_TEMP, a Lambda's /tmp):
// directories others write. On a self-hosted runner that keeps its disk between jobs, an earlier job
// (a fork PR's own CI steps run its code there, as the runner's user) leaves `/tmp/CLAUDE.md`:
// instructions for every later trusted session, or a link to a file of the later job (its checkout's
// persisted token) that the CLI reads as the runner. The agent's own mount namespace gives it a /tmp
// of its own, but not where it shares the runner's user, nor a work root elsewhere. So the runner
// tells the CLI to leave out every such file above the workspace; the checkout's own stay. A
// `.mcp.json` there is worse: 2.1.235 starts its servers, commands of the planter's choosing, with no
// approval asked (in a git checkout too), so the runner starts no MCP server it was not given
// (`--strict-mcp-config` always).
import { existsSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("agent files above the workspace (real CLI, trusted, on the host's user)", () => {
  it("are never loaded, a link among them included; the checkout's own CLAUDE.md still is", async () => {
    // The shared directory the temp root is made in, two levels up from the agent's working directory.
    const shared = await makeTempDir("shared-tmp");
    const secret = path.join(await makeTempDir("later-job"), "config");
    await writeFile(secret, "PERSISTED-TOKEN-CANARY\n");
    await writeFile(path.join(shared, "CLAUDE.md"), "ANCESTOR-INSTRUCTIONS-CANARY\n");
    await symlink(secret, path.join(shared, "CLAUDE.local.md"));
    await mkdir(path.join(shared, ".claude", "rules"), { recursive: true });
    await writeFile(path.join(shared, ".claude", "CLAUDE.md"), "ANCESTOR-DOT-CLAUDE-CANARY\n");
    await writeFile(path.join(shared, ".claude", "rules", "r.md"), "ANCESTOR-RULE-CANARY\n");
    s = await scriptedSession([{ kind: "text", text: "reviewed" }]);
    await writeFile(path.join(s.workspace, "CLAUDE.md"), "CHECKOUT-INSTRUCTIONS-MARKER\n");
    const outcome = await runSession(s.options({ workRoot: path.join(shared, "claude-pr-runner-job") }))
      .outcome;
    expect(outcome.exitCode).toBe(0);
    const traffic = JSON.stringify(s.api.mainRequests.map((r) => r.body));
    expect({
      instructions: traffic.includes("ANCESTOR-INSTRUCTIONS-CANARY"),
      linkedToken: traffic.includes("PERSISTED-TOKEN-CANARY"),
      dotClaude: traffic.includes("ANCESTOR-DOT-CLAUDE-CANARY"),
      rule: traffic.includes("ANCESTOR-RULE-CANARY"),
    }).toEqual({ instructions: false, linkedToken: false, dotClaude: false, rule: false });
    expect(traffic).toContain("CHECKOUT-INSTRUCTIONS-MARKER");
  });
  it("a .mcp.json there starts nothing: no server the job was not given ever runs", async () => {
    const shared = await makeTempDir("shared-tmp");
    const ran = path.join(shared, "SERVER-RAN");
    const server = { type: "stdio", command: "sh", args: ["-c", `touch ${ran}; sleep 5`] };
    await writeFile(path.join(shared, ".mcp.json"), JSON.stringify({ mcpServers: { planted: server } }));
    s = await scriptedSession([{ kind: "text", text: "reviewed" }]);
    // The checkout's own (the PR base's) starts no server either: no grant could allow its tools.
    await writeFile(
      path.join(s.workspace, ".mcp.json"),
      JSON.stringify({
        mcpServers: { checkout: { ...server, args: ["-c", `touch ${ran}-checkout; sleep 5`] } },
      }),
    );
    const outcome = await runSession(s.options({ workRoot: path.join(shared, "claude-pr-runner-job") }))
      .outcome;
    expect(outcome.exitCode).toBe(0);
    expect({ planted: existsSync(ran), checkout: existsSync(`${ran}-checkout`) }).toEqual({
      planted: false,
      checkout: false,
    });
  });
});
