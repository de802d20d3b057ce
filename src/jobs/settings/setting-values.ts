import { DEFAULT_FAIL_ON, FAIL_ON_VALUES } from "../../findings/review-conclusion.js";
import { DEFAULT_AGENT_USER } from "../../runner/isolation/agent-user.js";
import { ON_NO_ISOLATION_CHOICES } from "../../runner/isolation/isolation-decision.js";
import { MODEL_PROVIDERS } from "../../runner/model-provider.js";
import { DEFAULT_CONTEXT_BOUND } from "../../sessions/context-bound.js";
import { DEFAULT_TRIGGER_SETTINGS } from "../triggers/trigger-settings.js";
import type { ListSeparator, NumberSetting } from "./setting-schema.js";

/**
 * The value types every door shares, defined once: the Action's inputs, the CLI's options and the
 * Lambda functions' variables describe the same setting with the same fragment, so `fail_on`,
 * `--fail-on` and `FAIL_ON` accept (and refuse) the same values.
 */

/** Where review and autofix sessions run: the local CLI or a Claude Managed Agents session (docs/engines.md). */
export const JOB_ENGINES = ["cli", "managed-agents"] as const;
export type JobEngine = (typeof JOB_ENGINES)[number];

const COMMENT_MODES = ["review", "summary", "none"] as const;
export type CommentMode = (typeof COMMENT_MODES)[number];

/** Lowest finding severity that requests changes and fails the check; any case ("Warning"). */
export const failOnSetting = {
  type: "string",
  enum: FAIL_ON_VALUES,
  caseInsensitive: true,
  default: DEFAULT_FAIL_ON,
} as const;

/** Where the model runs (docs/providers.md); no default: absent means "chosen from the credentials". */
export const providerSetting = { type: "string", enum: MODEL_PROVIDERS } as const;

export const engineSetting = { type: "string", enum: JOB_ENGINES, default: "cli" } as const;

export const commentModeSetting = { type: "string", enum: COMMENT_MODES, default: "review" } as const;

/** Path filter globs, one a line or comma-separated (`!` negates). */
export const globsSetting = {
  type: "array",
  separator: "lines-or-commas",
  items: { type: "string" },
  default: [],
} as const;

/** Free text; absent when unset or blank. */
export const textSetting = { type: "string" } as const;

export function textWithDefault<const D extends string>(fallback: D) {
  return { type: "string", default: fallback } as const;
}

/** Text items of a list, e.g. test commands (one a line) or repository globs. */
export function listSetting<const S extends ListSeparator>(separator: S) {
  return { type: "array", separator, items: { type: "string" }, default: [] } as const;
}

/** `true` or `false` in any case; the fallback when unset or blank. */
export function flagSetting<const D extends boolean>(fallback: D) {
  return { type: "boolean", default: fallback } as const;
}

/** A whole number ≥ `min` (with an optional unit named in the refusal). */
export function wholeNumberSetting(min: number, fallback: number, unit?: string) {
  return {
    type: "integer",
    minimum: min,
    default: fallback,
    ...(unit ? { unit } : {}),
  } as const satisfies NumberSetting;
}

/** An amount of US dollars: a job's budget (at least a cent) or a daily cap (more than nothing). */
export const dollarsSetting = {
  budget: (fallback: number) => ({ type: "number", minimum: 0.01, default: fallback }) as const,
  cap: (fallback: number) =>
    ({ type: "number", exclusiveMinimum: 0, unit: "US dollars", default: fallback }) as const,
} satisfies Record<string, (fallback: number) => NumberSetting>;

/** Resumed generations and conversation tokens after which a PR's session restarts from a summary. */
export const sessionBoundSettings = {
  generations: wholeNumberSetting(0, DEFAULT_CONTEXT_BOUND.maxDepth),
  contextTokens: wholeNumberSetting(0, DEFAULT_CONTEXT_BOUND.maxContextTokens),
};

/**
 * The trigger words. A prefix or mention with blanks could never match a comment's first word, and
 * one without its sigil would fire on ordinary prose ("claude review this").
 */
export const commandPrefixSetting = {
  type: "string",
  pattern: "^/[A-Za-z0-9_.-]+$",
  mustBe: "a slash and a word, such as /claude",
  default: DEFAULT_TRIGGER_SETTINGS.commandPrefix,
} as const;

export const mentionSetting = {
  type: "string",
  pattern: "^@[A-Za-z0-9_.[\\]/-]+$",
  mustBe: "an @ and a handle, such as @claude",
  default: DEFAULT_TRIGGER_SETTINGS.mention,
} as const;

/** The agent's own unprivileged user, or "none" (docs/security.md). */
export const agentUserSetting = textWithDefault(DEFAULT_AGENT_USER);

/** With an untrusted change, when no separate user is possible: run without Bash, or fail. */
export const onNoIsolationSetting = {
  type: "string",
  enum: ON_NO_ISOLATION_CHOICES,
  default: "no-bash",
} as const;

/** The same setting where the door has no default of its own (absent: the engine's default applies). */
export function withoutDefault<const S extends { default?: unknown }>(setting: S): Omit<S, "default"> {
  const { default: _fallback, ...rest } = setting;
  return rest;
}
