import { execFileSync } from "node:child_process";
import { rm } from "node:fs/promises";
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
  prompt: string;
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
}): Promise<PushMeasurement[]> {
  const api = await ScriptedMessagesApi.start(() => ({
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
  }));
  const storeDir = await makeTempDir("cpr-series-store");
  const repo: TempRepo = createTempRepo("cpr-series-");
  try {
    repo.write(SERIES_FILE, ledger(0));
    const baseSha = repo.commitAll("ledger");
    repo.git("checkout", "-q", "-b", "feature");
    const store = new FsTranscriptStore({ root: storeDir });
    const settings: JobSettings = {
      claudePath: CLAUDE_BIN,
      maxTurns: 4,
      maxBudgetUsd: 1,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [],
    };
    const measurements: PushMeasurement[] = [];
    let previousSha = baseSha;
    for (let push = 1; push <= options.pushes; push++) {
      if (push === options.rebaseAt) {
        // A rewritten branch: the earlier pushes are gone from its history (their objects stay).
        repo.git("reset", "-q", "--hard", baseSha);
      }
      repo.write(SERIES_FILE, ledger(push));
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
        prompt,
      });
    }
    return measurements;
  } finally {
    await api.close();
    repo.remove();
    await rm(storeDir, { recursive: true, force: true });
  }
}

function textBlocks(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: { type?: unknown; text?: unknown }) =>
    block.type === "text" && typeof block.text === "string" ? [block.text] : [],
  );
}
