import path from "node:path";
import type { ManagedAgentsJobEngine } from "../engines/managed-agents/managed-agents-job-engine.js";
import { openManagedAgentsJobEngine } from "../engines/managed-agents/open-managed-agents-job-engine.js";
import { PathFilter } from "../jobs/review/path-filter.js";
import { type ReviewRequest, reviewedChange } from "../jobs/review/run-review.js";
import { agentCredentials } from "../jobs/shared/agent-credentials.js";
import { formatProgressEvent } from "../jobs/shared/format-progress-event.js";
import { GitCheckout, GitCommandError } from "../jobs/shared/git-checkout.js";
import type { JobSettings } from "../jobs/shared/job-settings.js";
import { readRepositoryConfig } from "../jobs/shared/repository-config.js";
import { decideIsolation, type IsolationDecision } from "../runner/isolation/isolation-decision.js";
import { FsTranscriptStore } from "../sessions/fs-transcript-store.js";
import { branchLineageKey } from "../sessions/lineage-key.js";
import type { CliIo } from "./cli-io.js";
import { type CliEnvironment, cliEnvironment } from "./cli-settings.js";
import { cliPassThroughSettings } from "./pass-through-options.js";
import type { ReviewOptions } from "./review-options.js";
import { ReviewStop } from "./review-stop.js";
import { UsageError } from "./usage-error.js";

/** A local review ready to run: the job's request and settings, and the refs the report names. */
export interface PreparedReview {
  request: ReviewRequest;
  settings: JobSettings;
  baseSha: string;
  headSha: string;
}

/**
 * Reads everything a local review needs from the options, the environment and the repository. Throws
 * ReviewStop when the review must not run (a setting to fix, or nothing left to review).
 */
export async function prepareLocalReview(options: ReviewOptions, io: CliIo): Promise<PreparedReview> {
  const variables = cliEnvironment(io.env);
  if (options.engine === "managed-agents" && !variables.ANTHROPIC_API_KEY)
    throw new ReviewStop(2, "--engine managed-agents needs ANTHROPIC_API_KEY (no Bedrock or Vertex).");
  const repoDir = path.resolve(io.cwd, options.repo);
  // The pass-through is checked before anything else runs: a refused flag costs nothing.
  const passThrough = await stopOnFailure(() =>
    cliPassThroughSettings(options.passThrough, {
      cwd: io.cwd,
      repoDir,
      maxTurns: options.maxTurns,
      untrusted: options.untrusted,
      notice: (line) => io.stderr.write(`claude-pr-runner review: ${line}\n`),
    }),
  );
  if (!agentCredentials("", io.env))
    throw new ReviewStop(
      2,
      "ANTHROPIC_API_KEY is not set; export it to review with Claude, or run `npm run demo` to see a scripted review without credentials.",
    );
  const checkout = new GitCheckout(repoDir, io.env);
  const { baseSha, headSha, branch } = await stopOnFailure(() => resolveRefs(checkout, options));
  const config = await stopOnFailure(() => readRepositoryConfig(checkout, baseSha));
  const pathFilter = await stopOnFailure(async () => {
    return PathFilter.from({
      include: [...config.include, ...options.include],
      exclude: [...config.exclude, ...options.exclude],
    });
  });
  // Nothing left to review: say so rather than spend a session on an empty diff.
  const change = await reviewedChange(checkout, { baseSha, headSha, pathFilter });
  if (change.changedFiles.length === 0 && change.excluded.length > 0) {
    const left = change.excluded.map((f) => f.path);
    throw new ReviewStop(
      0,
      `not reviewed: every changed file is left out by path filters (${left.length}: ${left.slice(0, 10).join(", ")}${left.length > 10 ? ", …" : ""})`,
    );
  }
  const repoName = path.basename(repoDir).replace(/[^A-Za-z0-9._-]/g, "-") || "repo";
  const gitDir = path.resolve(repoDir, (await checkout.git(["rev-parse", "--git-dir"])).trim());
  const store = options.sessions
    ? new FsTranscriptStore({ root: path.join(gitDir, "claude-pr-runner", "sessions") })
    : undefined;

  // The remote engine runs no agent on this machine: nothing to isolate here.
  let isolation: IsolationDecision | undefined;
  if (options.engine === "cli") {
    isolation = await stopOnFailure(() => decideIsolation(options));
    io.stderr.write(`[claude] ${isolation.summary}\n`);
  }
  const settings: JobSettings = {
    ...(isolation ? { isolation } : {}),
    maxTurns: options.maxTurns,
    maxBudgetUsd: options.maxBudgetUsd,
    timeoutMs: options.timeoutSeconds * 1000,
    agentEnv: {},
    hostEnv: io.env,
    secretValues: [variables.ANTHROPIC_API_KEY, variables.ANTHROPIC_AUTH_TOKEN].filter((v): v is string =>
      Boolean(v),
    ),
    onProgress: (event) => io.stderr.write(`[claude] ${formatProgressEvent(event)}\n`),
    ...(options.model ? { model: options.model } : {}),
    ...(options.claudePath ? { claudePath: options.claudePath } : {}),
    ...(options.engine === "managed-agents" ? { engine: await remoteEngine(variables) } : {}),
    ...passThrough,
  };
  if (settings.engine && variables.GITHUB_READ_TOKEN) settings.secretValues.push(variables.GITHUB_READ_TOKEN);
  const [owner, name] = options.githubRepo?.split("/") ?? ["local", repoName];
  const request: ReviewRequest = {
    repository: { owner: owner ?? "local", name: name ?? repoName },
    checkoutDir: repoDir,
    baseSha,
    headSha,
    untrusted: options.untrusted,
    pathFilter,
    rules: config,
    ...(store && !settings.engine
      ? {
          lineage: {
            store,
            lineageKey: branchLineageKey("local", repoName, branch === "HEAD" ? "detached" : branch),
          },
        }
      : {}),
  };
  return { request, settings, baseSha, headSha };
}

/** A failing preparation step is a setting for the user to fix: exit 2 with its message. */
async function stopOnFailure<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw new ReviewStop(2, (error as Error).message);
  }
}

async function resolveRefs(
  checkout: GitCheckout,
  options: ReviewOptions,
): Promise<{ baseSha: string; headSha: string; branch: string }> {
  const baseSha = await checkout.resolve(options.base ?? (await defaultBase(checkout)));
  const headSha = await checkout.resolve(options.head);
  const branch = (await checkout.git(["rev-parse", "--abbrev-ref", options.head])).trim();
  return { baseSha, headSha, branch };
}

async function defaultBase(checkout: GitCheckout): Promise<string> {
  for (const candidate of ["origin/HEAD", "main", "master"]) {
    try {
      await checkout.resolve(candidate);
      return candidate;
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error;
    }
  }
  throw new UsageError("no --base given and none of origin/HEAD, main, master exists; pass --base <ref>");
}

/**
 * The remote engine from the environment: the API key, an optional gateway, the mount token. Its
 * module (and the Anthropic SDK under it) loads only for this engine (openManagedAgentsJobEngine).
 */
async function remoteEngine(variables: CliEnvironment): Promise<ManagedAgentsJobEngine> {
  return openManagedAgentsJobEngine({
    apiKey: variables.ANTHROPIC_API_KEY ?? "",
    ...(variables.ANTHROPIC_BASE_URL ? { baseURL: variables.ANTHROPIC_BASE_URL } : {}),
    repositoryToken: async () => variables.GITHUB_READ_TOKEN ?? "",
    mountToken: {
      name: "GITHUB_READ_TOKEN",
      writeTokens: (["GITHUB_TOKEN", "GH_TOKEN"] as const).map((name) => ({
        name,
        value: variables[name] ?? "",
      })),
    },
  });
}
