import { join } from "node:path";
import { openCodeRules } from "../runner/policy/open-code.js";
import type { SessionOptions } from "../runner/session-options.js";
import type { SessionOutcome } from "../runner/session-outcome.js";
import { acquireSessionSlot } from "../runner/session-slot.js";
import { captureSession } from "../sessions/capture-session.js";
import { chooseStart } from "../sessions/choose-start.js";
import { DEFAULT_CONTEXT_BOUND } from "../sessions/context-bound.js";
import type { LineageFinding } from "../sessions/lineage-entry.js";
import { parentSessionId, type RestoreResult, resumeOption } from "../sessions/restore-result.js";
import { restoreSession } from "../sessions/restore-session.js";
import { resumeRefusal, runWithResumeFallback } from "../sessions/resume-refusal.js";
import type { Engine, JobSessionPlan, JobSessionResult, LineagePlan } from "./engine.js";
import { runSessionHere } from "./session-runner.js";

/**
 * The local Claude Code CLI. With a lineage: choose the parent (PR lineage, else base branch, else
 * fresh), restore its transcript, run with `--resume <id> --fork-session`, fall back to a fresh
 * session once if the CLI refuses the parent, then store the new transcript and append it to the
 * lineage. Without one it is a plain fresh session.
 */
export const cliEngine: Engine = {
  name: "cli",
  editsComeBackAsPatch: false,
  reads: "local-checkout",
  run: runOnCli,
};

async function runOnCli(
  plan: JobSessionPlan,
  lineage: LineagePlan | undefined,
  secretValues: readonly string[],
): Promise<JobSessionResult> {
  const notes: string[] = [];
  const start = lineage
    ? (lineage.start ?? (await chooseStart(lineage.store, lineage.lineageKey, lineage.baseKey)))
    : undefined;
  // Fixed paths, so the CLI's system prompt and tool descriptions repeat byte for byte across runs
  // and the prompt cache can hit (src/runner/session-slot.ts); a random temp dir when none is free.
  // A session that continues another takes that one's slot if it can: its conversation's cached
  // prefix names the slot's paths.
  const slot = await acquireSessionSlot(start?.kind === "fork" ? { prefer: start.entry.slot } : {});
  const configRoot = join(slot.dir, "session");
  try {
    let attempt = 0;
    let lastConfigDir = join(configRoot, "attempt-0");
    const runOnce = async (restore: RestoreResult): Promise<SessionOutcome> => {
      // A fresh config dir per attempt: a refused parent must not leave state for the fresh run.
      const configDir = join(configRoot, `attempt-${attempt++}`);
      const resume = resumeOption(restore);
      const prompt = typeof plan.prompt === "string" ? plan.prompt : await plan.prompt(restore);
      const {
        sessionRunner = runSessionHere,
        jobKind: _kind,
        workspace: _workspace,
        ...sessionOptions
      } = plan;
      const options: SessionOptions = {
        ...sessionOptions,
        ...parentModel(plan, restore),
        prompt,
        configDir,
        workRoot: join(slot.dir, "agent"),
        ...(resume ? { resume } : {}),
      };
      const outcome = await sessionRunner(options);
      lastConfigDir = configDir;
      return outcome;
    };

    if (!lineage) {
      const restore: RestoreResult = {
        status: "fresh",
        reason: "no_prior_session",
        message: "Started a fresh session: no session store is configured.",
      };
      return { outcome: await runOnce(restore), restore, notes };
    }

    const restored = await restoreSession({
      store: lineage.store,
      start: start ?? { kind: "fresh" },
      configDir: join(configRoot, "attempt-0"),
      cwd: plan.cwd,
      bound: lineage.contextBound ?? DEFAULT_CONTEXT_BOUND,
      ...(lineage.startFresh ? { startFresh: lineage.startFresh } : {}),
    });
    const { value: outcome, restore } = await runWithResumeFallback(restored, runOnce, (o) =>
      resumeRefusal({ exitCode: o.exitCode, errors: o.errors, stderr: o.stderrTail }),
    );

    const result: JobSessionResult = { outcome, restore, notes };
    const openCode = openCodeRules(plan.policy, outcome.policyDecisions);
    if (outcome.sessionId && outcome.exitCode !== 0) {
      // A failed turn is not a good parent: the next run would inherit half a conversation.
      notes.push(`session ${outcome.sessionId} failed, so it was not added to ${lineage.lineageKey.key}`);
    } else if (outcome.sessionId && openCode.length > 0) {
      // Its transcript sat in the agent's config directory while that code ran: what comes back may
      // hold turns no model or prompt of ours wrote, which a later session would resume as its own.
      notes.push(
        `session ${outcome.sessionId} ran code the policy cannot see into (rule ${openCode.join(", ")}), which could rewrite its transcript, so it was not added to ${lineage.lineageKey.key}`,
      );
    } else if (outcome.sessionId) {
      try {
        const captured = await captureSession({
          store: lineage.store,
          lineageKey: lineage.lineageKey,
          configDir: lastConfigDir,
          cwd: plan.cwd,
          sessionId: outcome.sessionId,
          parentSessionId: parentSessionId(restore),
          jobKind: lineage.jobKind,
          headSha: lineage.headSha,
          costUsd: outcome.totalCostUsd ?? 0,
          numTurns: outcome.numTurns ?? 0,
          secretValues,
          depth: restore.status === "restored" ? (restore.start.entry.depth ?? 0) + 1 : 0,
          ...(outcome.model ? { model: outcome.model } : {}),
          ...(slot.index === undefined ? {} : { slot: slot.index }),
          ...optionalFindings(lineage.findingsOf?.(outcome)),
          ...(lineage.keepLast === undefined ? {} : { keepLast: lineage.keepLast }),
        });
        result.recorded = { sessionId: captured.entry.sessionId, redactions: captured.redactions };
      } catch (error) {
        notes.push(`session ${outcome.sessionId} was not stored: ${(error as Error).message}`);
      }
    }
    return result;
  } finally {
    await slot.release();
  }
}

/**
 * A resumed session with no model named runs on its parent's model: the CLI would otherwise resume a
 * default `claude-opus-5[1m]` session as `claude-opus-5` (another system prompt, so no prompt-cache
 * hit, and no 1M context). Only with Anthropic's API: a cloud provider maps model names itself.
 */
function parentModel(plan: JobSessionPlan, restore: RestoreResult): { model?: string } {
  const anthropic = plan.provider === undefined || plan.provider.startsWith("anthropic");
  if (plan.model || !anthropic || restore.status !== "restored") return {};
  const model = restore.start.entry.model;
  return model ? { model } : {};
}

function optionalFindings(findings: LineageFinding[] | undefined): { findings?: LineageFinding[] } {
  return findings ? { findings } : {};
}
