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
import { type CliOption, cliOptionsReader } from "./cli-settings.js";
import { PASS_THROUGH_HELP, PASS_THROUGH_OPTIONS, passThroughValuesOf } from "./pass-through-options.js";
import { UsageError } from "./usage-error.js";

export const REVIEW_HELP = `Usage: claude-pr-runner review [options]

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

The globs add to the "include" and "exclude" of .github/claude-pr-runner.yml, read at the base
commit (docs/github.md#path-filters).

Exit codes: 0 reviewed with no finding that reaches --fail-on (or every changed file left out by the
path filters), 1 findings reach --fail-on or the session failed, 2 usage or configuration error.
`;

/** The options of `review` (their help is REVIEW_HELP above); value types shared with the Action and Lambda. */
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

export function parseReviewOptions(args: string[]) {
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

export type ReviewOptions = ReturnType<typeof parseReviewOptions>;
