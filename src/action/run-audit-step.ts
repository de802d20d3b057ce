import * as core from "@actions/core";
import type { GitHubClient } from "../github/github-client.js";
import { neutraliserFor } from "../github/neutralise-output.js";
import { runAudit } from "../jobs/audit/run-audit.js";
import { repositoryResolutionLine } from "../jobs/learnings/resolution-ledger.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { prepareAgentRun } from "./prepare-agent-run.js";
import { setOutputs } from "./set-outputs.js";
import { logInfo } from "./step-log.js";

/** A scheduled or dispatched audit of the default branch: issues, SARIF, and the branch's lineage. */
export async function runAuditStep(run: {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
}): Promise<void> {
  const { inputs, context, octokit } = run;
  const prepared = await prepareAgentRun({
    ...run,
    logName: `audit-${context.defaultBranch.replace(/[^A-Za-z0-9._-]/g, "-")}`,
    untrusted: false,
  });
  if (!prepared) {
    core.setFailed("No Anthropic credentials: set the anthropic_api_key input for scheduled audits.");
    return;
  }
  const { settings, store } = prepared;
  const result = await runAudit(
    {
      repository: { owner: context.owner, name: context.repo },
      checkoutDir: context.workspace,
      defaultBranch: context.defaultBranch,
      ...(inputs.auditFocus ? { focus: inputs.auditFocus } : {}),
      ...(inputs.sarifFile ? { sarifPath: inputs.sarifFile } : {}),
      issues: { maxNewIssues: inputs.maxNewIssues },
      ...(context.runUrl ? { runUrl: context.runUrl } : {}),
      ...(store ? { lineage: { store } } : {}),
    },
    settings,
    { github: octokit },
  );
  const { outcome } = result.session;
  const base = {
    is_error: String(result.status === "failed"),
    session_id: outcome.sessionId ?? "",
    total_cost_usd: String(outcome.totalCostUsd ?? 0),
    num_turns: String(outcome.numTurns ?? 0),
    execution_file: settings.executionLogPath ?? "",
  };
  if (result.status === "failed") {
    setOutputs({ ...base, conclusion: "failure" });
    if (inputs.failOnError) core.setFailed(`Claude audit failed: ${result.reason}`);
    else core.warning(`Claude audit failed: ${result.reason}`);
    return;
  }
  if (result.repositoryResolution)
    logInfo(
      `Resolution rate: ${repositoryResolutionLine(result.repositoryResolution)}`,
      neutraliserFor(octokit),
    );
  setOutputs(
    {
      ...base,
      conclusion: "success",
      repository_resolution_rate: result.repositoryResolution ? String(result.repositoryResolution.rate) : "",
      structured_output: JSON.stringify(outcome.structuredOutput ?? null),
      findings_count: String(result.report.findings.length),
      sarif_file: result.sarif?.path ?? "",
    },
    neutraliserFor(octokit),
  );
}
