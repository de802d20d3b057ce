import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { lstat, readdir, readFile, readlink } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInPolicy, runSession } from "../../src/runner/index.js";
import { type ScriptedReply, toolResultsOf } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";
import { AUTOFIX_HOSTILE_CALLS, HOSTILE_CALLS, type HostileCall } from "./hostile-calls.js";
import { type HostileWorkspace, plantHostileWorkspace } from "./hostile-workspace.js";

// The red-team corpus through the real claude 2.1.235: one scripted session makes every hostile
// tool call in turn (one per turn), so the whole corpus costs one CLI start per policy. Each call
// must come back to the model as a policy denial, and afterwards: no planted script ran, no file
// changed, and no secret of the host reached the model API in any request.
vi.setConfig({ testTimeout: 240_000 });

const SECRETS = {
  ANTHROPIC_API_KEY: "sk-ant-api03-REDTEAMCANARY0000000000000000000000000000000000",
  GITHUB_TOKEN: `ghs_${"R".repeat(36)}`,
  AWS_SECRET_ACCESS_KEY: "redteam/Secret+Key+0123456789abcdefghijklm",
};
/** A stand-in for the host process: its environment holds a token, readable at /proc/<pid>/environ. */
const HOST_TOKEN = `ghs_${"H".repeat(36)}`;

let hostile: HostileWorkspace | undefined;
let session: ScriptedSession | undefined;
let host: ChildProcess | undefined;
afterEach(async () => {
  host?.kill();
  host = undefined;
  await session?.cleanup();
  await hostile?.cleanup();
  session = undefined;
  hostile = undefined;
});

/** Every file, link and directory under `root` with its content hash or link target. */
async function snapshot(root: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const name of (await readdir(dir)).sort()) {
      const full = path.join(dir, name);
      const rel = path.relative(root, full);
      const stat = await lstat(full);
      if (stat.isSymbolicLink()) out[rel] = `link ${await readlink(full)}`;
      else if (stat.isDirectory()) {
        out[rel] = "dir";
        await walk(full);
      } else
        out[rel] = `file ${createHash("sha256")
          .update(await readFile(full))
          .digest("hex")}`;
    }
  };
  await walk(root);
  return out;
}

function toolUse(call: HostileCall, index: number): ScriptedReply {
  const input =
    call.tool === "Bash" ? { command: call.input, description: call.id } : { file_path: call.input };
  return { kind: "tool_use", name: call.tool, input, id: `toolu_redteam_${String(index).padStart(3, "0")}` };
}

async function replay(policyName: "review" | "autofix", calls: readonly HostileCall[]) {
  hostile = await plantHostileWorkspace();
  const h = hostile;
  host = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], {
    env: { HOST_GITHUB_TOKEN: HOST_TOKEN },
    stdio: "ignore",
  });
  session = await scriptedSession([...calls.map(toolUse), { kind: "text", text: "done" }]);
  // The scripted session's own workspace is unused: the hostile checkout is the agent's cwd.
  const before = { workspace: await snapshot(h.workspace), outside: await snapshot(h.outside) };
  const base = session.options();
  const outcome = await runSession({
    ...base,
    cwd: h.workspace,
    policy: builtInPolicy(policyName, { workspace: h.workspace, testCommands: ["npm test"] }),
    sourceEnv: { ...base.sourceEnv, ...SECRETS },
    maxTurns: calls.length + 5,
  }).outcome;
  return { outcome, before, hostile: h, api: session.api };
}

describe("red-team corpus through the real CLI", () => {
  // The whole corpus under review; under autofix its test-command cases plus a sample (the rest of
  // the corpus is decided by the same rules, as the unit table shows for both policies).
  it.each([
    ["review", HOSTILE_CALLS],
    ["autofix", [...AUTOFIX_HOSTILE_CALLS, ...HOSTILE_CALLS.filter((_, i) => i % 8 === 0)]],
  ] as const)(
    "%s policy: every hostile call is denied with its reason; nothing ran, nothing changed, nothing leaked",
    async (policyName, calls) => {
      const { outcome, before, hostile: h, api } = await replay(policyName, calls);
      expect(outcome.exitCode, outcome.resultText).toBe(0);
      expect(outcome.resultText).toBe("done");

      // Every call reached the policy and was denied, with the reason the unit table expects.
      // Calls the CLI refuses on its own never reach the policy.
      const toPolicy = calls.filter((call) => call.cliRefuses === undefined);
      expect(outcome.policyDecisions).toHaveLength(toPolicy.length);
      expect(outcome.policyDecisions.filter((d) => d.behavior !== "deny")).toEqual([]);
      const results = new Map(
        toolResultsOf(api.mainRequests.at(-1)!).map((r) => [r.tool_use_id, r] as const),
      );
      calls.forEach((call, index) => {
        const result = results.get(`toolu_redteam_${String(index).padStart(3, "0")}`);
        expect(result?.is_error, call.id).toBe(true);
        const text = JSON.stringify(result?.content);
        if (call.cliRefuses !== undefined) {
          expect(text, call.id).toContain(call.cliRefuses);
          return;
        }
        expect(text, call.id).toContain(`Denied by tool policy \\"${policyName}\\"`);
        expect(text, call.id).toContain(JSON.stringify(call.reason).slice(1, -1));
      });

      // No code ran, no file was written or removed, inside the checkout or next to it.
      expect(h.markers()).toEqual([]);
      expect(await snapshot(h.workspace)).toEqual(before.workspace);
      expect(await snapshot(h.outside)).toEqual(before.outside);

      // No secret reached the model: every request the API received, bodies and headers.
      const everything = JSON.stringify(api.requests.map((r) => ({ body: r.body, headers: r.headers })));
      for (const secret of [...Object.values(SECRETS), HOST_TOKEN, h.outsideSecret]) {
        expect(everything).not.toContain(secret);
      }
    },
  );
});
