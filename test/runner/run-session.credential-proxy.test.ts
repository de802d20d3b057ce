import { readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

const REAL_KEY = "sk-ant-api03-REAL-host-key-0123456789abcdef";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

function environOf(pid: number): Map<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return new Map(
    entries.map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
  );
}

describe("credential proxy in front of the real CLI", () => {
  it("the CLI holds only the proxy's URL and token; the real key reaches the API only from the proxy", async () => {
    let environ: Map<string, string> | undefined;
    s = await scriptedSession(
      (_request, mainIndex) => {
        if (mainIndex === 0) {
          // The CLI is mid-session now: read its environment the way a same-uid process could.
          const spawned = s?.progress.find((e) => e.kind === "spawned");
          if (spawned?.kind === "spawned") environ = environOf(spawned.pid);
          return { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" } };
        }
        return { kind: "text", text: "done" };
      },
      { keepCredentials: true },
    );
    await writeFile(path.join(s.workspace, "notes.txt"), "hello\n");
    const outcome = await runSession(
      s.options({
        sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: s.api.url, ANTHROPIC_API_KEY: REAL_KEY },
      }),
    ).outcome;

    expect(outcome.exitCode).toBe(0);
    expect(outcome.resultText).toBe("done");
    expect(environ).toBeDefined();
    const cliEnv = environ as Map<string, string>;
    const everything = [...cliEnv.values()].join("\n");
    expect(everything).not.toContain(REAL_KEY);
    expect(cliEnv.get("ANTHROPIC_API_KEY")).toMatch(/^cpr-proxy-[A-Za-z0-9_-]{43}$/);
    const proxyUrl = cliEnv.get("ANTHROPIC_BASE_URL") as string;
    expect(proxyUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(proxyUrl).not.toBe(s.api.url);
    for (const name of ["ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"])
      expect(cliEnv.has(name)).toBe(false);

    // Every request the API saw carried the real key, put there by the proxy.
    const posts = s.api.requests.filter((r) => r.method === "POST");
    expect(s.api.mainRequests).toHaveLength(2);
    for (const request of posts) expect(request.credentials).toEqual({ xApiKey: REAL_KEY });
    expect(outcome.credentialProxy).toMatchObject({ forwarded: posts.length, refused: 0 });
    expect(outcome.credentialProxy?.spentUsd).toBeGreaterThan(0);
    expect(outcome.credentialProxy?.stop).toBeUndefined();

    // The job is over: its token is worth nothing, the proxy no longer even listens.
    const token = cliEnv.get("ANTHROPIC_API_KEY") as string;
    await expect(
      fetch(`${proxyUrl}/v1/messages`, { method: "POST", headers: { "x-api-key": token }, body: "{}" }),
    ).rejects.toThrow();
  });

  it("stops the session at the job's spend cap, metered by the proxy, with a typed reason", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "Read", input: { file_path: "notes.txt" } },
      { kind: "text", text: "should never be asked for" },
    ]);
    await writeFile(path.join(s.workspace, "notes.txt"), "hello\n");
    const outcome = await runSession(s.options({ watchdog: { maxCostUsd: 0.00001 } })).outcome;

    expect(outcome.exitCode).toBe(1);
    expect(outcome.credentialProxy?.stop).toMatchObject({ kind: "budget_exceeded", capUsd: 0.00001 });
    expect(outcome.failureReasons.join("\n")).toMatch(/spend cap of \$0\.00001 is reached/);
    expect(s.api.mainRequests.length).toBeLessThanOrEqual(1);
    expect(s.progress).toContainEqual(expect.objectContaining({ kind: "stopping", step: "interrupt" }));
  });
});
