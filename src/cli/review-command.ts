import { writeFile } from "node:fs/promises";
import path from "node:path";
import { reviewConclusion } from "../findings/review-conclusion.js";
import { renderRunReport } from "../github/run-report-markdown.js";
import { toSarif } from "../github/sarif-export.js";
import type { JobSettings } from "../jobs/job-settings.js";
import { PathFilter } from "../jobs/review/path-filter.js";
import { reviewedChange, runReview } from "../jobs/review/run-review.js";
import {
  agentUserSetting,
  dollarsSetting,
  engineSetting,
  failOnSetting,
  flagSetting,
  globsSetting,
  onNoIsolationSetting,
  textSetting,
  textWithDefault,
  wholeNumberSetting,
} from "../jobs/settings/setting-values.js";
import { agentCredentials } from "../jobs/shared/agent-credentials.js";
import { formatProgressEvent } from "../jobs/shared/format-progress-event.js";
import { GitCheckout, GitCommandError } from "../jobs/shared/git-checkout.js";
import { readRepositoryConfig } from "../jobs/shared/repository-config.js";
import { decideIsolation, type IsolationDecision } from "../runner/isolation/isolation-decision.js";
import { ManagedAgentsEngine } from "../runner/managed-agents/managed-agents-engine.js";
import { RunnerConfigError } from "../runner/runner-config-error.js";
import { FsTranscriptStore } from "../sessions/fs-transcript-store.js";
import { branchLineageKey } from "../sessions/lineage-key.js";
import type { Subcommand } from "./cli-io.js";
import { type CliEnvironment, type CliOption, cliEnvironment, cliOptionsReader } from "./cli-settings.js";
import {
  cliPassThroughSettings,
  PASS_THROUGH_HELP,
  PASS_THROUGH_OPTIONS,
  passThroughValuesOf,
} from "./pass-through-options.js";
import { UsageError } from "./usage-error.js";

const HELP = `Usage: claude-pr-runner review [options]

Review the changes between two refs of a local git repository with Claude (read-only tools),
using the same job core as the GitHub Action. Needs ANTHROPIC_API_KEY (or Bedrock/Vertex settings).

Options:
  --repo <dir>            Repository to review (default: .)
  --base <ref>            Base of the change (default: origin/HEAD, else main, else master)
  --head <ref>            Head of the change (default: HEAD)
  --format <fmt>          markdown (default), json or sarif
  --out <file>            Write the report to a file instead of stdout
  --model <name>          Model passed to the CLI
  --fail-on <severity>    Lowest finding severity that fails the review (exit 1): error (default),
                          warning or never; the same rule as the Action's fail_on
  --include <glob>        Review only changed files matching this glob (repeatable)
  --exclude <glob>        Leave out changed files matching this glob (repeatable); lock, generated
                          and vendored files are left out by default, "!<glob>" brings them back
  --max-turns <n>         Turn limit (default 30)
  --max-budget-usd <x>    Spending limit in USD (default 5)
  --timeout <seconds>     Wall-clock limit of the session (default 1200)
  --claude-path <path>    Claude Code binary (default: the pinned @anthropic-ai/claude-code)
  --engine <name>         cli (default: the Claude Code CLI here) or managed-agents (a Claude
                          Managed Agents session in Anthropic's container; see docs/engines.md)
  --github-repo <o/r>     With --engine managed-agents: the GitHub repository Anthropic mounts at
                          the head commit (which must be pushed); GITHUB_READ_TOKEN, if set, is
                          the read-only token it is cloned with
  --no-sessions           Do not continue from, or record, earlier local review sessions
  --untrusted             The change comes from someone you do not trust: minimal CLI mode, the
                          built-in policy, and the isolation rule below
  --agent-user <name>     Run the CLI as this unprivileged user (created if missing; needs root or
                          sudo -n), or "none" (default: claude-agent; see docs/security.md)
  --on-no-isolation <x>   With --untrusted, when no separate user is possible: no-bash (default)
                          or fail
  -h, --help              Show this help

${PASS_THROUGH_HELP}
Sessions are kept under <repo>/.git/claude-pr-runner/sessions, one lineage per branch, so a second
review of the same branch forks from the first and looks at the new commits first.

The globs add to the "include" and "exclude" of .github/claude-pr-runner.json, read at the base
commit (docs/github.md#path-filters).

Exit codes: 0 reviewed with no finding that reaches --fail-on (or every changed file left out by the
path filters), 1 findings reach --fail-on or the session failed, 2 usage or configuration error.
`;

/** `claude-pr-runner review`: the Action's review job on a local diff, printed instead of posted. */
export const reviewCommand: Subcommand = {
  name: "review",
  summary: "Review a local diff (base..head) and print findings as markdown, JSON or SARIF",
  async run(args, io) {
    let options: ReturnType<typeof parse>;
    try {
      options = parse(args);
    } catch (error) {
      io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n\nRun with --help for usage.\n`);
      return 2;
    }
    if (options.help) {
      io.stdout.write(HELP);
      return 0;
    }
    const variables = cliEnvironment(io.env);
    if (options.engine === "managed-agents" && !variables.ANTHROPIC_API_KEY) {
      io.stderr.write(
        "claude-pr-runner review: --engine managed-agents needs ANTHROPIC_API_KEY (no Bedrock or Vertex).\n",
      );
      return 2;
    }
    const repoDir = path.resolve(io.cwd, options.repo);
    // The pass-through is checked before anything else runs: a refused flag costs nothing.
    let passThrough: Partial<JobSettings>;
    try {
      passThrough = await cliPassThroughSettings(options.passThrough, {
        cwd: io.cwd,
        repoDir,
        maxTurns: options.maxTurns,
        untrusted: options.untrusted,
        notice: (line) => io.stderr.write(`claude-pr-runner review: ${line}\n`),
      });
    } catch (error) {
      io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n`);
      return 2;
    }
    const agentEnv = agentCredentials("", io.env);
    if (!agentEnv) {
      io.stderr.write(
        "claude-pr-runner review: ANTHROPIC_API_KEY is not set; export it to review with Claude, or run `npm run demo` to see a scripted review without credentials.\n",
      );
      return 2;
    }
    const checkout = new GitCheckout(repoDir, io.env);
    let baseSha: string;
    let headSha: string;
    let branch: string;
    try {
      baseSha = await checkout.resolve(options.base ?? (await defaultBase(checkout)));
      headSha = await checkout.resolve(options.head);
      branch = (await checkout.git(["rev-parse", "--abbrev-ref", options.head])).trim();
    } catch (error) {
      io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n`);
      return 2;
    }
    let pathFilter: PathFilter;
    try {
      const config = await readRepositoryConfig(checkout, baseSha);
      pathFilter = PathFilter.from({
        include: [...config.include, ...options.include],
        exclude: [...config.exclude, ...options.exclude],
      });
    } catch (error) {
      io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n`);
      return 2;
    }
    // Nothing left to review: say so rather than spend a session on an empty diff.
    const change = await reviewedChange(checkout, { baseSha, headSha, pathFilter });
    if (change.changedFiles.length === 0 && change.excluded.length > 0) {
      const left = change.excluded.map((f) => f.path);
      io.stderr.write(
        `claude-pr-runner review: not reviewed: every changed file is left out by path filters (${left.length}: ${left.slice(0, 10).join(", ")}${left.length > 10 ? ", …" : ""})\n`,
      );
      return 0;
    }
    const repoName = path.basename(repoDir).replace(/[^A-Za-z0-9._-]/g, "-") || "repo";
    const gitDir = path.resolve(repoDir, (await checkout.git(["rev-parse", "--git-dir"])).trim());
    const store = options.sessions
      ? new FsTranscriptStore({ root: path.join(gitDir, "claude-pr-runner", "sessions") })
      : undefined;

    // The remote engine runs no agent on this machine: nothing to isolate here.
    let isolation: IsolationDecision | undefined;
    if (options.engine === "cli") {
      try {
        isolation = await decideIsolation(options);
      } catch (error) {
        io.stderr.write(`claude-pr-runner review: ${(error as Error).message}\n`);
        return 2;
      }
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
      ...(options.engine === "managed-agents" ? { engine: remoteEngine(variables) } : {}),
      ...passThrough,
    };
    if (settings.engine && variables.GITHUB_READ_TOKEN)
      settings.secretValues.push(variables.GITHUB_READ_TOKEN);
    const [owner, name] = options.githubRepo?.split("/") ?? ["local", repoName];
    let result: Awaited<ReturnType<typeof runReview>>;
    try {
      result = await runReview(
        {
          repository: { owner: owner ?? "local", name: name ?? repoName },
          checkoutDir: repoDir,
          baseSha,
          headSha,
          untrusted: options.untrusted,
          pathFilter,
          ...(store && !settings.engine
            ? {
                lineage: {
                  store,
                  lineageKey: branchLineageKey("local", repoName, branch === "HEAD" ? "detached" : branch),
                },
              }
            : {}),
        },
        settings,
      );
    } catch (error) {
      // Tool grants and MCP servers are checked against the job's policy before the spawn.
      if (!(error instanceof RunnerConfigError)) throw error;
      io.stderr.write(`claude-pr-runner review: ${error.message}\n`);
      return 2;
    }

    const { outcome } = result.session;
    const findings = result.status === "reviewed" ? result.checked.review.findings : [];
    const conclusion = reviewConclusion(findings, options.failOn);
    if (result.status === "reviewed")
      io.stderr.write(`[claude] ${conclusion.headline} (fail-on: ${options.failOn})\n`);
    let text: string;
    if (options.format === "sarif") text = `${JSON.stringify(toSarif(findings), null, 2)}\n`;
    else if (options.format === "json") {
      text = `${JSON.stringify(
        {
          status: result.status,
          ...(result.status === "reviewed"
            ? {
                verdict: result.checked.review.verdict,
                conclusion: {
                  headline: conclusion.headline,
                  blocking: conclusion.blocking,
                  failOn: options.failOn,
                },
                summary: result.checked.review.summary,
                findings,
                setAside: result.checked.rejected,
              }
            : { reason: result.reason }),
          base: baseSha,
          head: headSha,
          session: {
            id: outcome.sessionId,
            start: result.session.restore.message,
            costUsd: outcome.totalCostUsd,
            turns: outcome.numTurns,
          },
        },
        null,
        2,
      )}\n`;
    } else {
      text = `${renderRunReport({
        title: "Claude review",
        verdict: result.status === "reviewed" ? result.checked.review.verdict : `failed: ${result.reason}`,
        findings,
        reviewedSha: headSha,
        totalCostUsd: outcome.totalCostUsd,
        numTurns: outcome.numTurns,
        ...(outcome.sessionId ? { sessionId: outcome.sessionId } : {}),
        details: [
          result.status === "reviewed" ? result.checked.review.summary : "",
          ...findings.map((f) => `- \`${f.path}:${f.startLine}\` **${f.title}**: ${f.body}`),
          `\n_${result.session.restore.message}_`,
        ].join("\n"),
      })}\n`;
    }
    if (options.out) await writeFile(path.resolve(io.cwd, options.out), text);
    else io.stdout.write(text);
    return result.status === "reviewed" && !conclusion.failed ? 0 : 1;
  },
};

/** The remote engine from the environment: the API key, an optional gateway, the mount token. */
function remoteEngine(variables: CliEnvironment): ManagedAgentsEngine {
  return new ManagedAgentsEngine({
    apiKey: variables.ANTHROPIC_API_KEY ?? "",
    ...(variables.ANTHROPIC_BASE_URL ? { baseURL: variables.ANTHROPIC_BASE_URL } : {}),
    repositoryToken: async () => variables.GITHUB_READ_TOKEN ?? "",
  });
}

/** The options of `review` (their help is HELP above); value types shared with the Action and Lambda. */
const REVIEW_OPTIONS = {
  repo: { setting: textWithDefault(".") },
  base: { setting: textSetting },
  head: { setting: textWithDefault("HEAD") },
  format: { setting: { type: "string", enum: ["markdown", "json", "sarif"], default: "markdown" } },
  out: { setting: textSetting },
  model: { setting: textSetting },
  "fail-on": { setting: failOnSetting },
  include: { setting: globsSetting },
  exclude: { setting: globsSetting },
  "max-turns": { setting: wholeNumberSetting(1, 30) },
  "max-budget-usd": { setting: dollarsSetting.budget(5) },
  timeout: { setting: { type: "number", exclusiveMinimum: 0, unit: "seconds", default: 1200 } },
  "claude-path": { setting: textSetting },
  engine: { setting: engineSetting },
  "github-repo": { setting: { type: "string", pattern: "^[\\w.-]+/[\\w.-]+$", mustBe: "owner/name" } },
  "no-sessions": { setting: flagSetting(false) },
  untrusted: { setting: flagSetting(false) },
  "agent-user": { setting: agentUserSetting },
  "on-no-isolation": { setting: onNoIsolationSetting },
  help: { setting: flagSetting(false), short: "h" },
  ...PASS_THROUGH_OPTIONS,
} as const satisfies Record<string, CliOption>;

const readReviewOptions = cliOptionsReader(REVIEW_OPTIONS);

function parse(args: string[]) {
  const { values } = readReviewOptions(args);
  const githubRepo = values["github-repo"];
  if (values.engine === "managed-agents" && githubRepo === undefined) {
    throw new UsageError("--engine managed-agents needs --github-repo owner/name (the repository to mount)");
  }
  return {
    help: values.help,
    untrusted: values.untrusted,
    agentUser: values["agent-user"] === "none" ? undefined : values["agent-user"],
    onNoIsolation: values["on-no-isolation"],
    repo: values.repo,
    base: values.base,
    head: values.head,
    format: values.format,
    out: values.out,
    model: values.model,
    claudePath: values["claude-path"],
    sessions: !values["no-sessions"],
    engine: values.engine,
    githubRepo,
    failOn: values["fail-on"],
    include: values.include,
    exclude: values.exclude,
    maxTurns: values["max-turns"],
    maxBudgetUsd: values["max-budget-usd"],
    timeoutSeconds: values.timeout,
    passThrough: passThroughValuesOf(values),
  };
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
