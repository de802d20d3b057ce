import { execFileSync } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { hideCheckoutCredentials } from "../../src/runner/isolation/checkout-credentials.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

// actions/checkout persists the workflow token in the checkout by default, as
// `http.https://github.com/.extraheader = AUTHORIZATION: basic base64(x-access-token:<token>)`:
// base64, so no token pattern sees it. The agent reads the checkout; it must not read that.
vi.setConfig({ testTimeout: 120_000 });

const TOKEN = `ghs_${"C".repeat(36)}`;
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
  });
}

/** A checkout as actions/checkout leaves it with persist-credentials on (its default). */
function persistCredentials(dir: string): void {
  git(dir, "init", "-q");
  git(dir, "commit", "-q", "--allow-empty", "-m", "first commit of the checkout");
  git(dir, "config", "--local", "http.https://github.com/.extraheader", `AUTHORIZATION: basic ${BASIC}`);
  git(dir, "remote", "add", "origin", `https://x-access-token:${TOKEN}@github.com/octo-org/app`);
  git(dir, "config", "--local", "credential.helper", "store --file /tmp/creds");
  git(dir, "config", "--local", "includeIf.gitdir:/.path", "/tmp/checkout-credentials.config");
}

let session: ScriptedSession | undefined;
afterEach(async () => {
  await session?.cleanup();
  session = undefined;
});

describe("the checkout's persisted git credentials", () => {
  it("are out of the agent's reach for the session, and back afterwards (real CLI)", async () => {
    session = await scriptedSession([
      { kind: "tool_use", name: "Bash", input: { command: "cat .git/config" } },
      { kind: "tool_use", name: "Bash", input: { command: "grep -r AUTHORIZATION ." } },
      { kind: "tool_use", name: "Read", input: { file_path: ".git/config" } },
      // The agent's own git still works on the checkout.
      { kind: "tool_use", name: "Bash", input: { command: "git log --oneline -1" } },
      { kind: "text", text: "done" },
    ]);
    const ws = session.workspace;
    persistCredentials(ws);
    const configPath = path.join(ws, ".git", "config");
    const before = await readFile(configPath);

    const outcome = await runSession({ ...session.options(), maxTurns: 8 }).outcome;
    expect(outcome.exitCode, outcome.resultText).toBe(0);
    const results = toolResultsOf(session.api.mainRequests.at(-1)!).map((r) => JSON.stringify(r.content));
    expect(results[0]).toContain("[core]");
    expect(results[3]).toContain("first commit of the checkout");

    const everything = JSON.stringify(
      session.api.requests.map((r) => ({ body: r.body, headers: r.headers })),
    );
    for (const secret of [
      TOKEN,
      BASIC,
      "extraheader",
      "store --file /tmp/creds",
      "checkout-credentials.config",
    ]) {
      expect(everything.includes(secret), `${secret} reached the model`).toBe(false);
    }
    expect(everything).toContain("https://github.com/octo-org/app");
    // The host's checkout is as the workflow left it.
    expect(await readFile(configPath)).toEqual(before);
  });
});

describe("hideCheckoutCredentials", () => {
  it("keeps only the allowlisted settings, names what it hid, and restores byte for byte", async () => {
    const dir = await makeTempDir("checkout-credentials");
    persistCredentials(dir);
    git(dir, "config", "--local", "core.fsmonitor", "sh pwn.sh");
    const configPath = path.join(dir, ".git", "config");
    const before = await readFile(configPath);

    const hidden = await hideCheckoutCredentials(dir);
    expect(hidden.hidden.sort()).toEqual([
      "core.fsmonitor",
      "credential.helper",
      "http.https://github.com/.extraheader",
      "includeif.gitdir:/.path",
      "remote.origin.url (user and password)",
    ]);
    const during = await readFile(configPath, "utf8");
    expect(during).not.toContain(TOKEN);
    expect(during).not.toContain(BASIC);
    expect(git(dir, "config", "--get", "remote.origin.url").trim()).toBe("https://github.com/octo-org/app");
    expect(git(dir, "config", "--get", "core.repositoryformatversion").trim()).toBe("0");

    await hidden.restore();
    expect(await readFile(configPath)).toEqual(before);
  });

  it("leaves a checkout with nothing to hide, and a directory that is no checkout, untouched", async () => {
    const plain = await makeTempDir("checkout-plain");
    git(plain, "init", "-q");
    const before = await readFile(path.join(plain, ".git", "config"));
    expect((await hideCheckoutCredentials(plain)).hidden).toEqual([]);
    expect(await readFile(path.join(plain, ".git", "config"))).toEqual(before);
    expect((await hideCheckoutCredentials(await makeTempDir("not-a-checkout"))).hidden).toEqual([]);
  });
});
