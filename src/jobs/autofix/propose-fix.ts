import { createAjv } from "../../json-schema/create-ajv.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type PolicyDecision, ToolPolicy } from "../../runner/policy/tool-policy.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import type { RestoreResult } from "../../sessions/restore-result.js";
import { AutofixEnvError } from "../shared/autofix-env.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { jobToolAccess } from "../shared/job-tool-access.js";
import { type JobSessionResult, remoteSession, runJobSession } from "../shared/run-job-session.js";
import { applyRemotePatch } from "./apply-remote-patch.js";
import { type AutofixAction, type AutofixPlan, autofixAction, autofixPlan } from "./autofix-plan.js";
import { buildAutofixPrompt, type PriorFinding } from "./autofix-prompt.js";
import type { AutofixRequest } from "./autofix-request.js";
import { AUTOFIX_SCHEMA, type AutofixReport, autofixReportFromStructuredOutput } from "./autofix-schema.js";
import { fixCarriesSecret } from "./secrets-in-fix.js";
import { collectWorkingTreeChanges, type WorkingTreeChanges } from "./working-tree-changes.js";

const validateAutofix = createAjv({ schemas: "ours" }).compile(AUTOFIX_SCHEMA);

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
  const { owner, name: repo } = request.repository;
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
  const promptFor = (restore: RestoreResult): string =>
    buildAutofixPrompt({
      repository: `${owner}/${repo}`,
      pullRequest: pr,
      baseSha: pr.baseSha,
      headSha: pr.headSha,
      changedFiles,
      diff,
      testCommands: plan.testCommands,
      // Only a parent from this PR's own lineage reviewed this change.
      ...(restore.status === "restored" && restore.start.from === "lineage"
        ? { parentHeadSha: restore.parentHeadSha, parentJobKind: restore.start.entry.jobKind }
        : {}),
      ...(priorFindings.length > 0 ? { priorFindings } : {}),
      ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
    }).text;

  // A fork's code never gets a custom (possibly wider) policy, nor any command that runs its code.
  const access = jobToolAccess(
    "autofix",
    request.isFork
      ? withoutTestCommands(builtInPolicy("autofix", { workspace: request.checkoutDir }))
      : (settings.policy ??
          builtInPolicy("autofix", { workspace: request.checkoutDir, testCommands: plan.testCommands })),
    settings,
    !request.isFork,
  );
  if (request.isFork && settings.autofixEnv) {
    throw new AutofixEnvError(
      "env is refused for a fork's autofix: the workflow's variables never reach a fork's code",
    );
  }
  const session = await runJobSession(
    {
      prompt: promptFor,
      cwd: request.checkoutDir,
      ...access,
      jsonSchema: settings.jsonSchema ?? AUTOFIX_SCHEMA,
      bare: plan.bare,
      // The one job whose agent edits the working tree (never .git: see handOverToAgent).
      workspaceAccess: "write",
      ...sessionLimitsFrom(settings),
      // The workflow's variables for its test commands (same repository only, checked above).
      ...(settings.autofixEnv
        ? {
            env: { ...settings.agentEnv, ...settings.autofixEnv.variables },
            passSecrets: settings.autofixEnv.secretNames,
          }
        : {}),
      // Only the network its test commands need, and none for a fork's code.
      bashSandbox: { allowedDomains: request.isFork ? [] : (settings.autofixAllowedDomains ?? []) },
      // On Managed Agents the edits happen in Anthropic's container and come back as a patch.
      ...remoteSession(settings.engine, "autofix", {
        owner,
        name: repo,
        headSha: pr.headSha,
        access: "write",
      }),
    },
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
    settings.secretValues,
  );
  return proposedFixFrom(
    {
      plan,
      checkout,
      checkoutDir: request.checkoutDir,
      droppedSymlinks,
      remote: Boolean(settings.engine),
      secretValues: settings.secretValues ?? [],
    },
    session,
  );
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
    /** The session ran on Managed Agents: its edits come back as `outcome.workspacePatch`. */
    remote: boolean;
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
  if (context.remote && !sessionFailure) {
    try {
      await applyRemotePatch(context.checkoutDir, outcome.workspacePatch ?? "");
    } catch (error) {
      sessionFailure = (error as Error).message;
    }
  }

  const changes = await collectWorkingTreeChanges(checkout, { leaveAlone: droppedSymlinks });
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
