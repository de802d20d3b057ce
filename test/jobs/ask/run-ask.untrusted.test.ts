import { existsSync, lstatSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAsk } from "../../../src/jobs/ask/run-ask.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// A question about a fork PR is answered on the fork's files. When the door's checkout already was
// the PR head (nothing fetched), the links the fork planted must still be gone before the agent
// reads, as for a fork's review and autofix.
describe("runAsk on an untrusted checkout (real CLI)", () => {
  let api: ScriptedMessagesApi;
  let settings: JobSettings;
  beforeAll(async () => {
    api = await ScriptedMessagesApi.start(() => ({
      kind: "structured_output",
      value: { answer: "It adds." },
    }));
    settings = {
      claudePath: CLAUDE_BIN,
      maxTurns: 4,
      maxBudgetUsd: 1,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [],
    };
  });
  afterAll(async () => {
    await api?.close();
  });

  it.each([
    [true, false],
    [false, true],
  ])("untrusted %s: the escaping links are kept %s", async (untrusted, kept) => {
    const dir = await makeTempDir("ask-checkout");
    writeFileSync(join(dir, "a.ts"), "export const a = 1;\n");
    symlinkSync("/proc/self/environ", join(dir, "notes"));
    symlinkSync("a.ts", join(dir, "inside-link"));
    const result = await runAsk(
      {
        repository: "octo/app",
        question: "what does a.ts do?",
        asker: "maintainer",
        checkoutDir: dir,
        untrusted,
      },
      settings,
    );
    expect(result.status).toBe("answered");
    expect(
      existsSync(join(dir, "notes")) ||
        lstatSync(join(dir, "notes"), { throwIfNoEntry: false }) !== undefined,
    ).toBe(kept);
    // A link that stays inside the checkout is the fork's own business.
    expect(lstatSync(join(dir, "inside-link")).isSymbolicLink()).toBe(true);
  });
});
