import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runReview } from "../../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, type LineageKey, prLineageKey } from "../../../src/sessions/lineage-key.js";
import { BASE_FILES, HEAD_FILES } from "../../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { LONG_PR_DESCRIPTION } from "../../fixtures/long-pr-description.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { ScriptedMessagesApi } from "../../harness/scripted-messages-api.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: 2 * CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// A lineage review decides resume-or-fresh from the PR's lineage index, then the engine starts from
// that same decision: the index (an S3 object or an Actions artifact) is read once to start, not twice.

/** A store that counts index reads per lineage key. */
class CountingStore extends FsTranscriptStore {
  readonly reads = new Map<string, number>();
  override async readIndex(key: LineageKey) {
    this.reads.set(key.key, (this.reads.get(key.key) ?? 0) + 1);
    return super.readIndex(key);
  }
}

let repo: TempRepo;
let api: ScriptedMessagesApi;
beforeAll(async () => {
  repo = createTempRepo("lineage-read-once-");
  api = await ScriptedMessagesApi.start(() => ({
    kind: "structured_output",
    value: { verdict: "pass", summary: "Fine.", findings: [] },
  }));
});
afterAll(async () => {
  await api?.close();
  repo?.remove();
});

describe("a lineage review's start", () => {
  it("reads the PR's lineage index once to start (and once more to record the new session)", async () => {
    const store = new CountingStore({ root: await makeTempDir("cpr-read-once-store") });
    for (const [path, content] of Object.entries(BASE_FILES)) repo.write(path, content);
    const baseSha = repo.commitAll("base");
    const settings: JobSettings = {
      claudePath: CLAUDE_BIN,
      maxTurns: 4,
      maxBudgetUsd: 5,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [],
    };
    const lineageKey = prLineageKey("octo", "app", 9);
    const review = (headSha: string) =>
      runReview(
        {
          repository: { owner: "octo", name: "app" },
          checkoutDir: repo.dir,
          baseSha,
          headSha,
          untrusted: false,
          // Described as real PRs are: resuming is then the cheapest start (the fixture says why).
          pullRequest: { number: 9, title: "Math helpers", body: LONG_PR_DESCRIPTION, author: "dev" },
          lineage: { store, lineageKey, baseKey: branchLineageKey("octo", "app", "main") },
        },
        settings,
      );
    for (const [path, content] of Object.entries(HEAD_FILES)) repo.write(path, content);
    const first = await review(repo.commitAll("first push"));
    expect(first.session.restore.status).toBe("fresh");
    repo.write("src/math.ts", `${HEAD_FILES["src/math.ts"]}\nexport const two = 2;\n`);
    store.reads.clear();
    const second = await review(repo.commitAll("second push"));
    expect(second.session.restore.status).toBe("restored");
    expect(store.reads.get(lineageKey.key)).toBe(2);
  });
});
