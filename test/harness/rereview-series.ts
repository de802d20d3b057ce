import { execFileSync } from "node:child_process";
import { chmod, rm } from "node:fs/promises";
import { coverageLine } from "../../src/jobs/review/review-coverage.js";
import { runReview } from "../../src/jobs/review/run-review.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import type { ContextBound } from "../../src/sessions/context-bound.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { CLAUDE_BIN } from "./claude-cli.js";
import { ScriptedMessagesApi } from "./scripted-messages-api.js";
import { makeTempDir } from "./temp-dir.js";

/** One review of one push, measured from the scripted model's log. */
export interface PushMeasurement {
  push: number;
  /** Bytes of the request's `messages` (the conversation; system prompt and tools left out). */
  conversationBytes: number;
  messages: number;
  /** Bytes of this run's own user prompt. */
  promptBytes: number;
  /** Bytes of `git diff <previous push>..<this push>`. */
  pushDiffBytes: number;
  /** How the session started: fresh, restored, compacted... */
  restore: string;
  /** The restore's own sentence: why it started as it did. */
  restoreMessage: string;
  prompt: string;
  /**
   * The review's input in dollars with prompt-cache pricing (sonnet list prices), from the requests
   * the CLI really sent: what repeats the previous request's prefix (system, tools, earlier messages)
   * is a cache read at 0.1×, the rest a cache write at 1.25×. The series runs in seconds, so the cache
   * is warm between pushes, as when pushes come within five minutes.
   */
  inputUsd: number;
  /** The review's coverage line, as the summary comment shows it. */
  coverage: string | undefined;
}

const PRICE_PER_TOKEN = 3 / 1_000_000;

/** A request's input cost given the request before it (undefined: nothing cached). */
export function cachedInputUsd(request: unknown, previous: unknown): number {
  const body = request as { system?: unknown; tools?: unknown; messages: unknown[] };
  const before = previous as { system?: unknown; tools?: unknown; messages: unknown[] } | undefined;
  const size = (value: unknown) => JSON.stringify(value ?? null).length / 3.5;
  let read = 0;
  let write = 0;
  const fixed = size(body.system) + size(body.tools);
  const fixedSame =
    before !== undefined &&
    JSON.stringify(before.system) === JSON.stringify(body.system) &&
    JSON.stringify(before.tools) === JSON.stringify(body.tools);
  if (fixedSame) read += fixed;
  else write += fixed;
  // The cache keys on content: where a request puts its cache_control breakpoints does not matter,
  // and a string content is the same tokens as one text block holding it.
  const content = (message: unknown) => {
    const { role, content: body } = message as { role: string; content: unknown };
    const blocks = typeof body === "string" ? [{ type: "text", text: body }] : body;
    return JSON.stringify({ role, content: blocks }, (key, value) =>
      key === "cache_control" ? undefined : value,
    );
  };
  let shared = 0;
  if (fixedSame && before)
    while (
      shared < before.messages.length &&
      shared < body.messages.length &&
      content(before.messages[shared]) === content(body.messages[shared])
    )
      shared++;
  read += size(body.messages.slice(0, shared));
  write += size(body.messages.slice(shared));
  return (read * 0.1 + write * 1.25) * PRICE_PER_TOKEN;
}

export const SERIES_FILE = "src/ledger.ts";
const FILE_LINES = 200;

/** A 200-line file on main; each push edits one more line, 7 lines from the last (outside diff context). */
function ledgerLine(i: number, push: number): string {
  for (let p = push; p > 0; p--) {
    if (i === (p * 7) % FILE_LINES)
      return `export const entry${i} = ${i} * ${p + 1}; // changed in push ${p}`;
  }
  return `export const entry${i} = ${i};`;
}

function ledger(push: number): string {
  return `${Array.from({ length: FILE_LINES }, (_, i) => ledgerLine(i, push)).join("\n")}\n`;
}

/** A large PR's standing part: 30 modules of 200 lines, 20 lines of each changed by its first push. */
const LARGE_MODULES = 30;
function module(index: number, changed: boolean): string {
  return `${Array.from({ length: FILE_LINES }, (_, i) =>
    changed && i % 10 === 3
      ? `export const rate${index}_${i} = ${i} / ${index + 2}; // reworked`
      : `export const rate${index}_${i} = ${i};`,
  ).join("\n")}\n`;
}

/**
 * Reviews a PR `pushes` times, one small push each, through the real CLI and a scripted model that
 * always reports the same finding: with `lineage` every review continues the PR's session (delta
 * prompts, bounded context), without it every review is fresh. `rebaseAt` force-pushes the branch
 * (a new root on main) before that push.
 */
export async function reviewPushSeries(options: {
  pushes: number;
  lineage: boolean;
  bound?: ContextBound;
  rebaseAt?: number;
  /** A large PR: its first push also reworks 30 other modules (600 changed lines), which later pushes leave alone. */
  large?: boolean;
}): Promise<PushMeasurement[]> {
  const api = await ScriptedMessagesApi.start(
    () => ({
      kind: "structured_output",
      value: {
        verdict: "comment",
        summary: "The ledger keeps changing.",
        findings: [
          {
            path: SERIES_FILE,
            start_line: 1,
            end_line: 1,
            severity: "warning",
            title: "Magic numbers",
            body: "Name the factors.",
            category: "maintainability",
          },
        ],
      },
    }),
    { measuredUsage: true },
  );
  const storeDir = await makeTempDir("cpr-series-store");
  // The CLI writes its session paths into its system prompt, so the cache only hits when every
  // review of the series runs in the same session slot (src/runner/session-slot.ts). Slots live
  // under the temp dir; test files running alongside take slots too, and a push that got slot-1
  // after its parent ran in slot-0 paid for its whole prefix again. A slot base of the series' own
  // keeps every push in slot-0, as on a runner that reviews one PR at a time.
  const slotTemp = await makeTempDir("cpr-series-tmp");
  await chmod(slotTemp, 0o711); // the agent's own user traverses it to its files
  const inheritedTemp = process.env.TMPDIR;
  process.env.TMPDIR = slotTemp;
  const repo: TempRepo = createTempRepo("cpr-series-");
  try {
    repo.write(SERIES_FILE, ledger(0));
    if (options.large)
      for (let m = 0; m < LARGE_MODULES; m++) repo.write(`src/rates/rate${m}.ts`, module(m, false));
    const baseSha = repo.commitAll("ledger");
    repo.git("checkout", "-q", "-b", "feature");
    const store = new FsTranscriptStore({ root: storeDir });
    const settings: JobSettings = {
      claudePath: CLAUDE_BIN,
      // Named, as the cost estimate assumes: the CLI then sends its full system prompt and tools.
      model: "claude-sonnet-4-5",
      maxTurns: 4,
      // Room for the large PR's whole first review (an unnamed model is priced as the dearest).
      maxBudgetUsd: 20,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [],
    };
    const measurements: PushMeasurement[] = [];
    let previousSha = baseSha;
    let previousRequest: unknown;
    for (let push = 1; push <= options.pushes; push++) {
      if (push === options.rebaseAt) {
        // A rewritten branch: the earlier pushes are gone from its history (their objects stay).
        repo.git("reset", "-q", "--hard", baseSha);
      }
      repo.write(SERIES_FILE, ledger(push));
      if (options.large && push === 1)
        for (let m = 0; m < LARGE_MODULES; m++) repo.write(`src/rates/rate${m}.ts`, module(m, true));
      const headSha = repo.commitAll(`push ${push}`);
      const pushDiffBytes = execFileSync("git", ["diff", `${previousSha}..${headSha}`], {
        cwd: repo.dir,
      }).length;
      previousSha = headSha;
      const before = api.mainRequests.length;
      const result = await runReview(
        {
          repository: { owner: "octo", name: "ledger" },
          checkoutDir: repo.dir,
          baseSha,
          headSha,
          pullRequest: { number: 5, title: "Tune the ledger", body: "Small steps.", author: "dev" },
          untrusted: false,
          ...(options.lineage
            ? {
                lineage: {
                  store,
                  lineageKey: prLineageKey("octo", "ledger", 5),
                  baseKey: branchLineageKey("octo", "ledger", "main"),
                  ...(options.bound ? { contextBound: options.bound } : {}),
                },
              }
            : {}),
        },
        settings,
      );
      if (result.status !== "reviewed") throw new Error(`push ${push}: ${result.reason}`);
      const request = api.mainRequests[before];
      if (!request) throw new Error(`push ${push}: the model was not asked`);
      let inputUsd = 0;
      for (const sent of api.mainRequests.slice(before)) {
        inputUsd += cachedInputUsd(sent.body, previousRequest);
        previousRequest = sent.body;
      }
      const messages = (request.body as { messages: Array<{ role: string; content: unknown }> }).messages;
      // This run's prompt: everything after the history's last assistant reply (the CLI adds blocks of its own).
      const lastReply = messages.findLastIndex((m) => m.role === "assistant");
      const prompt = messages
        .slice(lastReply + 1)
        .flatMap((m) => (typeof m.content === "string" ? [m.content] : textBlocks(m.content)))
        .join("\n");
      measurements.push({
        push,
        conversationBytes: JSON.stringify(messages).length,
        messages: messages.length,
        promptBytes: prompt.length,
        pushDiffBytes,
        restore: result.session.restore.status,
        restoreMessage: result.session.restore.message,
        prompt,
        inputUsd,
        coverage: result.coverage ? coverageLine(result.coverage) : undefined,
      });
    }
    return measurements;
  } finally {
    await api.close();
    repo.remove();
    await rm(storeDir, { recursive: true, force: true });
    if (inheritedTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = inheritedTemp;
    await rm(slotTemp, { recursive: true, force: true });
  }
}

function textBlocks(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: { type?: unknown; text?: unknown }) =>
    block.type === "text" && typeof block.text === "string" ? [block.text] : [],
  );
}
