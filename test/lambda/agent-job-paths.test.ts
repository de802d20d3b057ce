import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runAgentJob } from "../../lambda/agent/run-agent-job.js";
import type { AgentRequest } from "../../lambda/shared/agent-request.js";
import { packDirectory } from "../../lambda/shared/tarball.js";
import { builtInPolicy } from "../../src/runner/policy/built-in-policy.js";
import type { SessionOptions } from "../../src/runner/session-options.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";

// The agent function runs one session per invocation in Lambda's /tmp. Claude Code 2.1.235 writes the
// workspace, config and HOME paths into its system prompt and tool descriptions, so every invocation
// must use the same paths (or the prompt cache never hits across jobs), and none may see another's files.

const root = mkdtempSync(join(tmpdir(), "cpr-agent-paths-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function tarballs(): Promise<Map<string, Buffer>> {
  const workspace = join(root, "src-workspace");
  const config = join(root, "src-config");
  mkdirSync(workspace, { recursive: true });
  mkdirSync(config, { recursive: true });
  writeFileSync(join(workspace, "README.md"), "hello\n");
  writeFileSync(join(config, "settings.json"), "{}\n");
  return new Map([
    ["https://s3.test/workspace", readFileSync(await packDirectory(workspace, join(root, "w.tgz")))],
    ["https://s3.test/config", readFileSync(await packDirectory(config, join(root, "c.tgz")))],
  ]);
}

const request: AgentRequest = {
  version: 1,
  jobId: "job-1",
  download: { workspace: "https://s3.test/workspace", config: "https://s3.test/config" },
  upload: { outcome: "https://s3.test/outcome", transcript: "https://s3.test/transcript" },
  originalCwd: "/orchestrator/checkout",
  gateway: { baseUrl: "https://gateway.test", token: "cprg_token" },
  session: {
    prompt: "review",
    policy: { name: "review", rules: [...builtInPolicy("review", { workspace: "/w" }).rules] },
  },
};

describe("the agent function's session paths", () => {
  it("are the same on every invocation, private, emptied before use and removed after", async () => {
    const files = await tarballs();
    const http = (async (url: string | URL, init?: RequestInit) =>
      init?.method === "PUT"
        ? new Response(null, { status: 200 })
        : new Response(files.get(String(url)) ?? null, {
            status: files.has(String(url)) ? 200 : 404,
          })) as typeof fetch;
    const seen: Array<Pick<SessionOptions, "cwd" | "configDir" | "workRoot">> = [];
    const runSession = async (options: SessionOptions): Promise<SessionOutcome> => {
      seen.push({ cwd: options.cwd, configDir: options.configDir, workRoot: options.workRoot });
      // What one job leaves must not reach the next.
      expect(existsSync(join(options.cwd, "left-by-the-last-job"))).toBe(false);
      writeFileSync(join(options.cwd, "left-by-the-last-job"), "x");
      expect(statSync(join(options.cwd, "..")).mode & 0o077).toBe(0);
      return { exitCode: 0, subtype: "success" } as SessionOutcome;
    };
    const workRoot = join(root, "tmp");
    for (let i = 0; i < 2; i++)
      expect(await runAgentJob(request, { workRoot, hostEnv: {}, runSession, fetch: http })).toEqual({
        exitCode: 0,
      });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[0]?.workRoot).toBe(join(seen[0]!.cwd, "..", "session"));
    expect(existsSync(seen[0]!.cwd)).toBe(false);
  });
});
