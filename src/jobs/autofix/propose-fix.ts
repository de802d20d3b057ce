import type { JobSessionPlan, JobSessionResult } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type PolicyDecision, ToolPolicy } from "../../runner/policy/tool-policy.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import type { RestoreResult } from "../../sessions/restore-result.js";
import { AutofixEnvError } from "../shared/autofix-env.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { jobToolAccess } from "../shared/job-tool-access.js";
import type { ChangedFile } from "../shared/prompt-blocks.js";
import { runJobSession } from "../shared/run-job-session.js";
import { applyRemotePatch } from "./apply-remote-patch.js";
import { type AutofixAction, type AutofixPlan, autofixAction, autofixPlan } from "./autofix-plan.js";
import { buildAutofixPrompt, type PriorFinding } from "./autofix-prompt.js";
import type { AutofixRequest } from "./autofix-request.js";
import { AUTOFIX_SCHEMA, type AutofixReport, autofixReportFromStructuredOutput } from "./autofix-schema.js";
import { fixCarriesSecret } from "./secrets-in-fix.js";
import {
  collectWorkingTreeChanges,
  type WorkingTreeChanges,
  type WorkingTreeState,
  workingTreeState,
} from "./working-tree-changes.js";

const validateAutofix = compileOnFirstUse(AUTOFIX_SCHEMA);

/** What the agent proposes, before anything is published: the run half of an autofix job. */
export interface ProposedFix {
  plan: AutofixPlan;
  /** The PR's checkout, holding the agent's edits in its working tree. */
  checkout: GitCheckout;
  session: JobSessionResult;
  report?: AutofixReport;
  /** Why the session produced nothing usable (the first failure reason), when it did not. */
  sessionFailure?: string;
  /** A fork's links that left the checkout, removed before the session (never part of the fix). */
  droppedSymlinks: string[];
  /** Every tool call the policy refused, as recorded by the runner. */
  denials: PolicyDecision[];
  changes: WorkingTreeChanges;
  /** Push, suggest or skip, decided from the plan, the session and the changes. */
  action: AutofixAction;
}

/**
 * Runs the autofix session on the PR's checkout (forked from the PR's latest review) under the autofix
 * policy and collects what it changed. Publishes nothing: `publishAutofix` delivers the result.
 */
export async function proposeFix(
  request: AutofixRequest,
  settings: JobSettings,
  priorFindings: PriorFinding[],
): Promise<ProposedFix> {
  const pr = request.pullRequest;
  const plan = autofixPlan({
    repository: request.repository,
    pullRequest: pr,
    isFork: request.isFork,
    ...(request.testCommands ? { testCommands: request.testCommands } : {}),
  });
  const checkout = new GitCheckout(request.checkoutDir, settings.hostEnv);
  // A fork can plant links to /proc or out of the checkout (`notes -> /proc/self/environ`): they go
  // before the agent reads anything, whatever the tool policy would have caught.
  const droppedSymlinks = request.isFork ? await dropEscapingSymlinks(request.checkoutDir) : [];
  const [diff, changedFiles] = await Promise.all([
    checkout.diff(pr.baseSha, pr.headSha),
    checkout.changedFiles(pr.baseSha, pr.headSha),
  ]);
  if (request.isFork && settings.autofixEnv) {
    throw new AutofixEnvError(
      "env is refused for a fork's autofix: the workflow's variables never reach a fork's code",
    );
  }
  // What an earlier step of the job left in the checkout is not the fix's to commit.
  const before = await workingTreeState(checkout);
  const session = await runJobSession(
    autofixSessionPlan(request, settings, plan, { diff, changedFiles }, priorFindings),
    request.lineage
      ? {
          store: request.lineage.store,
          lineageKey: plan.lineageKey,
          ...(request.lineage.baseKey ? { baseKey: request.lineage.baseKey } : {}),
          jobKind: "autofix",
          headSha: pr.headSha,
          ...(request.lineage.keepLast === undefined ? {} : { keepLast: request.lineage.keepLast }),
        }
      : undefined,
    settings,
  );
  return proposedFixFrom(
    {
      plan,
      checkout,
      checkoutDir: request.checkoutDir,
      droppedSymlinks,
      before,
      editsComeBackAsPatch: settings.engine?.editsComeBackAsPatch ?? false,
      secretValues: settings.secretValues ?? [],
    },
    session,
  );
}

/**
 * The autofix's start phase, the same on every engine: one editing session on the PR head under the
 * autofix policy, told the PR's change and the last review's findings. A fork's code never gets a
 * custom (possibly wider) policy, any command that runs its code, the workflow's variables or a
 * network. Without a checkout (a session begun on a remote engine) paths resolve against nothing local.
 */
export function autofixSessionPlan(
  request: Pick<AutofixRequest, "repository" | "pullRequest" | "isFork"> & { checkoutDir?: string },
  settings: JobSettings,
  plan: AutofixPlan,
  change: { diff: string; changedFiles: ChangedFile[] },
  priorFindings: PriorFinding[],
): JobSessionPlan {
  const { owner, name: repo } = request.repository;
  const pr = request.pullRequest;
  const cwd = request.checkoutDir ?? NO_LOCAL_WORKSPACE;
  const prompt = (restore: RestoreResult): string =>
    buildAutofixPrompt({
      repository: `${owner}/${repo}`,
      pullRequest: pr,
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      changedFiles: change.changedFiles,
      diff: change.diff,
      testCommands: plan.testCommands,
      // Only a parent from this PR's own lineage reviewed this change.
      ...(restore.status === "restored" && restore.start.from === "lineage"
        ? { parentHeadSha: restore.parentHeadSha, parentJobKind: restore.start.entry.jobKind }
        : {}),
      ...(priorFindings.length > 0 ? { priorFindings } : {}),
      ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    }).text;
  const policy = request.isFork
    ? withoutTestCommands(builtInPolicy("autofix", { workspace: cwd }))
    : (settings.policy ?? builtInPolicy("autofix", { workspace: cwd, testCommands: plan.testCommands }));
  const limits = sessionLimitsFrom(settings);
  return {
    jobKind: "autofix",
    prompt,
    cwd,
    ...jobToolAccess("autofix", policy, settings, !request.isFork),
    jsonSchema: settings.jsonSchema ?? AUTOFIX_SCHEMA,
    bare: plan.bare,
    // The PR's head must not configure the agent that edits it (hooks, MCP servers, CLAUDE.md).
    agentConfigFrom: pr.baseSha,
    // The one job whose agent edits the working tree (never .git: see handOverToAgent).
    workspaceAccess: "write",
    ...limits,
    // The workflow's variables for its test commands (same repository only, checked by the caller).
    ...(settings.autofixEnv && !request.isFork
      ? {
          env: { ...settings.agentEnv, ...settings.autofixEnv.variables },
          passSecrets: settings.autofixEnv.secretNames,
        }
      : {}),
    // Only the network its test commands need, and none for a fork's code.
    bashSandbox: {
      ...limits.bashSandbox,
      allowedDomains: request.isFork ? [] : (settings.autofixAllowedDomains ?? []),
    },
    // On a remote engine the edits happen in its container and come back as a patch.
    workspace: { owner, name: repo, headSha: pr.headSha, access: "write" },
  };
}

/**
 * After the session, on either engine: read the report, land a remote session's patch in the
 * checkout (from here both engines share one path), collect what changed and decide push, suggest
 * or skip. The webhook-driven settle step of a remote autofix calls it on a fresh clone of the head.
 */
export async function proposedFixFrom(
  context: {
    plan: AutofixPlan;
    checkout: GitCheckout;
    checkoutDir: string;
    droppedSymlinks: string[];
    /** The checkout's differences from HEAD before the session (a fresh clone has none). */
    before?: WorkingTreeState;
    /** The engine returned the edits as `outcome.workspacePatch` (a remote container), not in the checkout. */
    editsComeBackAsPatch: boolean;
    /** Values a fix must never carry: the secrets this job holds (raw, base64, git's basic-auth form). */
    secretValues: readonly string[];
  },
  session: JobSessionResult,
): Promise<ProposedFix> {
  const { plan, checkout, droppedSymlinks } = context;
  const { outcome } = session;
  const denials = outcome.policyDecisions.filter((d) => d.behavior === "deny");
  const report = validateAutofix(outcome.structuredOutput)
    ? autofixReportFromStructuredOutput(outcome.structuredOutput)
    : undefined;
  let sessionFailure = outcome.exitCode === 0 ? undefined : sessionFailureReason(outcome);
  // The remote engine's edits land in this checkout only now; from here both engines share one path.
  // Edits of the files that steer the host's own git are never taken, from either engine.
  const leftOut = [...(outcome.editsLeftOut ?? [])];
  if (context.editsComeBackAsPatch && !sessionFailure) {
    try {
      leftOut.push(...(await applyRemotePatch(context.checkoutDir, outcome.workspacePatch ?? "")).leftOut);
    } catch (error) {
      sessionFailure = (error as Error).message;
    }
  }

  const collected = await collectWorkingTreeChanges(checkout, {
    leaveAlone: droppedSymlinks,
    ...(context.before ? { before: context.before } : {}),
  });
  const changes = { ...collected, revertedProtected: [...collected.revertedProtected, ...leftOut] };
  if (!sessionFailure && fixCarriesSecret(changes.patch, context.secretValues)) {
    sessionFailure =
      "the fix contains the value of a secret this job holds; nothing is pushed or suggested (the file would publish it)";
  }
  const action = autofixAction(plan, {
    ...(sessionFailure ? { sessionFailure } : {}),
    changedPaths: changes.paths,
  });
  return {
    plan,
    checkout,
    session,
    ...(report ? { report } : {}),
    ...(sessionFailure ? { sessionFailure } : {}),
    droppedSymlinks,
    denials,
    changes,
    action,
  };
}

/** The autofix policy minus its test-command allowance: what a fork PR's session gets. */
export function withoutTestCommands(policy: ToolPolicy): ToolPolicy {
  return new ToolPolicy(
    { name: policy.name, rules: policy.rules.filter((rule) => rule.id !== "test-commands") },
    policy.workspace ? { workspace: policy.workspace } : {},
  );
}
