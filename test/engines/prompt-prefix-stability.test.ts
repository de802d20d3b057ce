import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runReview } from "../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import { acquireSessionSlot } from "../../src/runner/session-slot.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { BASE_FILES, HEAD_FILES } from "../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { LONG_PR_DESCRIPTION } from "../fixtures/long-pr-description.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The provider's prompt cache keys on the request's prefix: tools, then system. Claude Code 2.1.235
// writes the session's paths (config dir, HOME, cwd) and a git status snapshot (recent commits) into
// them, so before session slots and CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS no two runs shared a prefix.
// Two reviews of two different pushes, one after the other, must send byte-identical tools and system.

let repo: TempRepo;
let api: ScriptedMessagesApi;
const shas: string[] = [];
const sharedTemp = process.env.TMPDIR;
let ownTemp: string;
beforeAll(async () => {
  // This file's own temp dir (vitest runs each file in its own fork): another file's sessions
  // running at the same time take slots of their own, so both runs here get the same slot.
  ownTemp = mkdtempSync(join(tmpdir(), "prefix-stability-tmp-"));
  process.env.TMPDIR = ownTemp;
  repo = createTempRepo("prefix-stability-");
  for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
  shas.push(repo.commitAll("base"));
  for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
  shas.push(repo.commitAll("first push"));
  repo.write("src/math.ts", `${HEAD_FILES["src/math.ts"]}\nexport const two = 2;\n`);
  shas.push(repo.commitAll("second push"));
  api = await ScriptedMessagesApi.start(() => ({
    kind: "structured_output",
    value: { verdict: "pass", summary: "Fine.", findings: [] },
  }));
});
afterAll(async () => {
  await api?.close();
  repo?.remove();
  if (sharedTemp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTemp;
  rmSync(ownTemp, { recursive: true, force: true });
});

describe("the fixed prefix of a session's requests", () => {
  it("is byte-identical from one run to the next (the prompt cache can hit), with or without a model named", async () => {
    for (const model of [undefined, "claude-sonnet-4-5"]) {
      const firsts: Array<{ system: unknown; tools: unknown }> = [];
      for (const headSha of [shas[1]!, shas[2]!]) {
        const before = api.mainRequests.length;
        const settings: JobSettings = {
          maxTurns: 4,
          maxBudgetUsd: 5,
          timeoutMs: 120_000,
          hostEnv: process.env,
          secretValues: [],
          claudePath: CLAUDE_BIN,
          agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
          ...(model ? { model } : {}),
        };
        const result = await runReview(
          {
            repository: { owner: "octo", name: "app" },
            checkoutDir: repo.dir,
            baseSha: shas[0]!,
            headSha,
            untrusted: false,
          },
          settings,
        );
        expect(result.status).toBe("reviewed");
        firsts.push(api.mainRequests[before]!.body as { system: unknown; tools: unknown });
      }
      expect(JSON.stringify(firsts[1]!.tools)).toBe(JSON.stringify(firsts[0]!.tools));
      expect(JSON.stringify(firsts[1]!.system)).toBe(JSON.stringify(firsts[0]!.system));
      // No git status snapshot: it names the newest commits and changed on every push.
      expect(JSON.stringify(firsts[1]!.system)).not.toContain("Recent commits");
    }
  });

  it("a resumed review with no model named keeps its parent's model, so its system prompt is the parent's", async () => {
    const store = new FsTranscriptStore({ root: join(ownTemp, "store") });
    const firsts: Array<{ system: unknown; tools: unknown }> = [];
    const starts: string[] = [];
    for (const headSha of [shas[1]!, shas[2]!]) {
      const before = api.mainRequests.length;
      const result = await runReview(
        {
          repository: { owner: "octo", name: "app" },
          checkoutDir: repo.dir,
          baseSha: shas[0]!,
          headSha,
          untrusted: false,
          // Described as real PRs are: resuming is then the cheapest start (the fixture says why).
          pullRequest: { number: 3, title: "Math helpers", body: LONG_PR_DESCRIPTION, author: "dev" },
          lineage: { store, lineageKey: prLineageKey("octo", "app", 3) },
        },
        {
          maxTurns: 4,
          maxBudgetUsd: 5,
          timeoutMs: 120_000,
          hostEnv: process.env,
          secretValues: [],
          claudePath: CLAUDE_BIN,
          agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
        },
      );
      expect(result.status).toBe("reviewed");
      starts.push(result.session.restore.status);
      firsts.push(api.mainRequests[before]!.body as { system: unknown; tools: unknown });
    }
    expect(starts).toEqual(["fresh", "restored"]);
    const entries = (await store.readIndex(prLineageKey("octo", "app", 3)))!.index.entries;
    expect(entries[0]!.model).toMatch(/^claude-/);
    expect(entries[1]!.model).toBe(entries[0]!.model);
    expect(JSON.stringify(firsts[1]!.system)).toBe(JSON.stringify(firsts[0]!.system));
    expect(JSON.stringify(firsts[1]!.tools)).toBe(JSON.stringify(firsts[0]!.tools));
  });

  it("a resumed review takes its parent's slot while a lower one is free: the prefix it continues names that slot's paths", async () => {
    const store = new FsTranscriptStore({ root: join(ownTemp, "slot-store") });
    const lineageKey = prLineageKey("octo", "app", 4);
    const review = (headSha: string) =>
      runReview(
        {
          repository: { owner: "octo", name: "app" },
          checkoutDir: repo.dir,
          baseSha: shas[0]!,
          headSha,
          untrusted: false,
          pullRequest: { number: 4, title: "Math helpers", body: LONG_PR_DESCRIPTION, author: "dev" },
          lineage: { store, lineageKey },
        },
        {
          maxTurns: 4,
          maxBudgetUsd: 5,
          timeoutMs: 120_000,
          hostEnv: process.env,
          secretValues: [],
          claudePath: CLAUDE_BIN,
          model: "claude-sonnet-4-5",
          agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
        },
      );
    // Another session holds slot-0 while the first review runs, so that one runs in slot-1.
    const other = await acquireSessionSlot();
    expect(other.index).toBe(0);
    const first = await review(shas[1]!);
    const parentSystem = JSON.stringify((api.mainRequests.at(-1)!.body as { system: unknown }).system);
    await other.release();
    const before = api.mainRequests.length;
    const second = await review(shas[2]!);
    expect([first.session.restore.status, second.session.restore.status]).toEqual(["fresh", "restored"]);
    const entries = (await store.readIndex(lineageKey))!.index.entries;
    expect(entries.map((e) => e.slot)).toEqual([1, 1]);
    expect(parentSystem).toContain("/slot-1/");
    expect(JSON.stringify((api.mainRequests[before]!.body as { system: unknown }).system)).toBe(parentSystem);
  });
});
