import type { Finding } from "../findings/finding.js";
import { holdsSecret } from "../secrets/secret-forms.js";
import { SecretRedactor } from "../secrets/secret-redactor.js";
import type { RunReport } from "./run-report-markdown.js";

/**
 * The one sanitiser every published byte passes through (review bodies and comments, sticky
 * comments, check runs, issues, SARIF, the job summary and log lines). Once the agent has read a PR
 * it is hostile, so whatever it wrote is treated as attacker text on its way out:
 *
 * - secret values we were told about and well-known token shapes are redacted;
 * - `@user` / `@org/team` mentions and `&#64;`-style entities are defused with a zero-width space
 *   (GitHub's mention filter needs a name character right after `@`; the text still reads the same);
 * - images and links to hosts other than the GitHub server become inert text, so nothing is fetched
 *   when the comment renders and no secret can leave in a URL;
 * - raw HTML (including `<!-- … -->`) is defused, except a few bare formatting tags we render
 *   ourselves and the exact hidden markers the publisher passes in, so agent text cannot forge them;
 * - in logs, no line can start a workflow command (`::set-output`, `::add-mask`, `##[…]`).
 *
 * Text inside fenced code blocks opened at column 0 is only redacted and its `<!--` defused: it
 * renders literally, and a suggestion block stays byte-exact (it must apply as written; a marker
 * forged there is inert anyway, because markers are read only from the fixed lines the publisher
 * owns, see comment-markers.ts and fingerprint-marker.ts). Column 0 is the conservative cut: such a fence is always a
 * top-level block for GitHub too, whereas a fence we did not recognise only costs a harmless
 * zero-width space inside code.
 */
export interface OutputNeutraliserOptions {
  /** Values that must never be published (tokens, keys); added to the built-in token patterns. */
  secrets?: Iterable<string>;
  /** Hosts links and images may point to (their subdomains too). Default `github.com`. */
  trustedHosts?: readonly string[];
}

export interface MarkupOptions {
  /** Our own hidden markers that this body legitimately carries; every other HTML comment is defused. */
  markers?: readonly string[];
}

/** What replaces a text that carried a secret in a form no exact match removes. */
export const ENCODED_SECRET_NOTICE = "[REDACTED: this text carried a secret in an encoded form]";

/** Invisible, so defused text reads exactly as the agent wrote it. */
const ZWSP = "\u200b";

/** Shapes that are credentials wherever they appear, beyond those `SecretRedactor` knows. */
const EXTRA_SECRET_PATTERNS: RegExp[] = [
  // JWTs (OIDC tokens, App JWTs): three base64url parts, the first two JSON objects.
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  // A key block whose END line was cut off still must not leak.
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*/g,
];

/**
 * A `::` after nothing visible. .NET's `TrimStart` (which the runner applies before it looks for
 * `::`) also strips U+0085, which JavaScript's `\s` does not know; rather than track one
 * whitespace table against another, every leading character that is not a letter, digit,
 * punctuation, symbol or mark counts as invisible here (a zero-width space too much is harmless).
 */
const LEADING_COMMAND = /^([^\p{L}\p{N}\p{P}\p{S}\p{M}]*):(?=:)/u;

/** Direction overrides can make published text read differently from what it is. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
/**
 * GitHub's closing keywords with an issue reference (`Fixes #12`, `closes o/r#3`, `resolves <issue
 * URL>`): in a pull request's body or a commit message they close the issue when the PR merges.
 */
const CLOSING_REFERENCE =
  /\b(close[sd]?|fix(?:e[sd])?|resolve[sd]?)(\s*:?\s*)((?:[\w.-]+\/[\w.-]+)?#|https?:\/\/\S*?\/(?:issues|pull)\/)(?=\d)/gi;
/** A git trailer that credits someone (`Co-authored-by:`, `Signed-off-by:`, GitHub's `On-behalf-of:`). */
const CREDIT_TRAILER = /^[ \t]*(?:(?:[A-Za-z][A-Za-z0-9]*-)+by|on-behalf-of)[ \t]*:.*$/gim;

/** Bare tags our own renderers emit; anything else that looks like HTML is shown as text. */
const SAFE_TAG = /<\/?(?:details|summary|sub|sup|b|i|em|strong|code|kbd|br|hr|p)\s*\/?>/iy;

/** An inline link or image: `[text](dest "title")`, destination with at most one level of parentheses. */
const INLINE_LINK =
  /(!?)\[((?:[^[\]\\\n]|\\.)*)\]\(\s*(<[^<>\n]*>|(?:[^\s()\\]|\\.|\([^\s()]*\))*)(?:\s+(?:"[^"\n]*"|'[^'\n]*'|\([^()\n]*\)))?\s*\)/;
/** A link, or else a `](` / `]:` that could start one: see `defuseProse`. */
const LINK_OR_BRACKET = new RegExp(`${INLINE_LINK.source}|\\](?=[(:])`, "g");

/** A URL with a scheme (backslash escapes are allowed before punctuation, as CommonMark does). */
const SCHEME_URL = /\b([A-Za-z][A-Za-z0-9+.-]*)(\\?:\\?\/\\?\/)([^\s<>"'`)\]]*)/g;
const WWW_URL = /\b(www)(\\?\.)([^\s<>"'`)\]]*)/gi;

export class OutputNeutraliser {
  private readonly secrets: string[];
  private readonly redactor: SecretRedactor;
  private readonly trustedHosts: string[];

  constructor(options: OutputNeutraliserOptions = {}) {
    this.secrets = [...(options.secrets ?? [])];
    this.redactor = new SecretRedactor(this.secrets);
    this.trustedHosts = (options.trustedHosts ?? ["github.com"]).map((h) => h.toLowerCase());
  }

  /** A neutraliser that also redacts `secrets`. */
  withSecrets(secrets: Iterable<string>): OutputNeutraliser {
    return new OutputNeutraliser({
      secrets: [...this.secrets, ...secrets],
      trustedHosts: this.trustedHosts,
    });
  }

  /**
   * Secret values and token shapes only: for text shown as code (suggestions, paths, raw details).
   * Exact spellings are cut out; a secret that is still there once the text is normalised (hex,
   * reversed, base32, percent- or HTML-encoded, invisible characters or whitespace between its
   * letters: see secret-forms.ts) takes the whole text with it.
   */
  redact(text: string): string {
    let out = this.redactor.redact(text);
    for (const pattern of EXTRA_SECRET_PATTERNS) out = out.replace(pattern, "[REDACTED]");
    return holdsSecret(out, this.secrets) ? ENCODED_SECRET_NOTICE : out;
  }

  /** Agent text for plain-text or single-line fields (titles, annotation messages, SARIF text). */
  prose(text: string): string {
    return this.defuseProse(this.redact(text).replace(BIDI_CONTROLS, ""));
  }

  /**
   * A whole Markdown body about to be published. `markers` are the hidden markers the publisher
   * itself put on the body's first or last lines (where our renderers put them); each is kept there
   * once, and every other HTML comment, a forged or copied marker included, is defused. A fence left
   * open by agent text is closed, so what follows it is not swallowed into a code block.
   */
  markup(text: string, options: MarkupOptions = {}): string {
    // CommonMark ends a line at "\r\n", "\r" or "\n": a fence that closes at a "\r" for GitHub must
    // close here too, or what follows it would be published as live Markdown we left untouched.
    const lines = this.redact(text)
      .replace(BIDI_CONTROLS, "")
      .split(/\r\n|\r|\n/);
    const unused = new Set(options.markers ?? []);
    const takeMarker = (line: string | undefined) =>
      line !== undefined && (line.trim() === "" || unused.delete(line));
    const head: string[] = [];
    while (lines.length > 0 && takeMarker(lines[0])) head.push(lines.shift()!);
    const tail: string[] = [];
    while (lines.length > 0 && takeMarker(lines.at(-1))) tail.unshift(lines.pop()!);
    return [...head, ...this.defuseBody(lines), ...tail].join("\n");
  }

  private defuseBody(lines: readonly string[]): string[] {
    const out: string[] = [];
    let prose: string[] = [];
    let fence: { char: string; length: number; suggestion: boolean } | undefined;
    // Inside an HTML block (a line starting with a tag we keep, up to the next blank line) a fence
    // line is raw HTML to GitHub, not code: what follows it must be defused like any prose.
    let htmlBlock = false;
    const flushProse = () => {
      if (prose.length > 0) out.push(this.defuseProse(prose.join("\n")));
      prose = [];
    };
    for (const line of lines) {
      if (fence) {
        if (closesFence(line, fence)) fence = undefined;
        // An HTML comment opener in code renders the same with a zero-width space in it.
        out.push(fence?.suggestion === false ? line.replaceAll("<!--", `<${ZWSP}!--`) : line);
        continue;
      }
      if (BLANK_LINE.test(line)) htmlBlock = false;
      else if (HTML_BLOCK_START.test(line)) htmlBlock = true;
      const opened = htmlBlock ? undefined : openingFence(line);
      if (opened) {
        flushProse();
        fence = opened;
        out.push(line);
        continue;
      }
      prose.push(line);
    }
    flushProse();
    if (fence) out.push(fence.char.repeat(fence.length));
    return out;
  }

  /** A finding whose every published field is neutralised (the path stays usable as an API path). */
  finding(finding: Finding): Finding {
    const out: Finding = {
      ...finding,
      path: this.redact(finding.path).replace(/[`\r\n]/g, "_"),
      title: this.prose(finding.title),
      body: this.prose(finding.body),
      category: this.prose(finding.category),
    };
    if (finding.suggestion !== undefined) out.suggestion = this.redact(finding.suggestion);
    return out;
  }

  /** A run report whose agent-written parts (verdict, details, findings) are neutralised. */
  report(report: RunReport): RunReport {
    return {
      ...report,
      title: this.prose(report.title),
      verdict: this.prose(report.verdict),
      findings: report.findings.map((f) => this.finding(f)),
      ...(report.details !== undefined ? { details: this.prose(report.details) } : {}),
    };
  }

  /**
   * A Markdown body that GitHub acts on as well as shows (a pull request's description): as markup,
   * and no closing keyword of the agent's closes an issue when the PR merges.
   */
  pullRequestBody(text: string, options: MarkupOptions = {}): string {
    return withoutClosingReferences(this.markup(text, options));
  }

  /**
   * An agent's commit message, which GitHub reads for more than its text: no closing references
   * (they close issues when the commit reaches the default branch), no credit trailers (only the job
   * credits anyone), mentions and secrets defused as in prose.
   */
  commitMessage(text: string): string {
    const plain = this.redact(text).replace(BIDI_CONTROLS, "").replace(CREDIT_TRAILER, "");
    return withoutClosingReferences(defuseMentions(plain)).replace(/\n{3,}/g, "\n\n");
  }

  /**
   * Text for the Actions log. The runner reads a workflow command from any line that starts with
   * `::` after .NET's `TrimStart` and, in the legacy form, from `##[` anywhere in a line.
   */
  logLine(text: string): string {
    return this.redact(text)
      .split(/(\r\n|\r|\n)/)
      .map((part) => part.replace(LEADING_COMMAND, `$1${ZWSP}:`).replace(/#(?=#\[)/g, `#${ZWSP}`))
      .join("");
  }

  private defuseProse(text: string): string {
    return (
      text
        .replace(LINK_OR_BRACKET, (match, bang?: string, label?: string, dest?: string) => {
          // Any `](` or `]:` not part of a link we took apart is an inline link or a reference
          // definition in a form our pattern does not know: break it.
          if (label === undefined || dest === undefined) return `]${ZWSP}`;
          const target = dest.replace(/^<|>$/g, "");
          if (this.isTrustedDestination(dest)) {
            if (target === dest) return match;
            // The `<` of an angle-bracket destination would be defused below: write it without them.
            if (/^[^\s()<>]*$/.test(target)) return `${bang}[${label}](${target})`;
          }
          return bang ? `(image: ${label} — ${target})` : `${label} (${target})`;
        })
        .replace(SCHEME_URL, (match, scheme: string, sep: string, rest: string) =>
          this.isTrustedHost(rest.replace(/\\/g, "")) ? match : `${scheme}${ZWSP}${sep}${rest}`,
        )
        .replace(WWW_URL, (match, www: string, dot: string, rest: string) =>
          this.isTrustedHost(`www.${rest.replace(/\\/g, "")}`) ? match : `${www}${ZWSP}${dot}${rest}`,
        )
        .replace(/<(?=[A-Za-z!?/])/g, (lt, offset: number, whole: string) => {
          SAFE_TAG.lastIndex = offset;
          return SAFE_TAG.test(whole) ? lt : `<${ZWSP}`;
        })
        // Character references decode to `@`, `:` or `<` after our checks: keep them literal.
        .replace(/&(?=#?[A-Za-z0-9]+;)/g, `&${ZWSP}`)
        .replace(MENTION_AT, `@${ZWSP}`)
    );
  }

  /** Relative links stay on the GitHub host; absolute ones must name a trusted host. */
  private isTrustedDestination(rawDest: string): boolean {
    const dest = rawDest.replace(/^<|>$/g, "");
    if (/^https?:\/\//i.test(dest)) return this.isTrustedHost(dest.replace(/^https?:\/\//i, ""));
    // No scheme, no protocol-relative or backslash tricks, no escapes or entities that decode later.
    return !/[:\\&%]/.test(dest) && !dest.startsWith("//");
  }

  private isTrustedHost(afterScheme: string): boolean {
    const authority = /^[^/?#]*/.exec(afterScheme)?.[0] ?? "";
    if (authority.includes("@")) return false;
    const host = authority.replace(/:\d*$/, "").toLowerCase();
    return this.trustedHosts.some((t) => host === t || host.endsWith(`.${t}`));
  }
}

/** GitHub's mention filter needs a name character right after the `@`: a zero-width space defuses it. */
const MENTION_AT = /@(?=[A-Za-z0-9])/g;

function defuseMentions(text: string): string {
  return text.replace(MENTION_AT, `@${ZWSP}`);
}

/** Keyword and reference kept readable, each broken by an invisible space GitHub does not match across. */
function withoutClosingReferences(text: string): string {
  return text.replace(CLOSING_REFERENCE, `$1${ZWSP}$2$3${ZWSP}`);
}

/** A line GitHub may read as the start of an HTML block (types 6 and 7 run to the next blank line). */
const HTML_BLOCK_START = /^\s*</;
const BLANK_LINE = /^[ \t]*$/;

function openingFence(line: string): { char: string; length: number; suggestion: boolean } | undefined {
  const match = /^(`{3,}|~{3,})(.*)$/.exec(line);
  if (!match) return undefined;
  const run = match[1]!;
  // A backtick fence's info string may not contain a backtick (CommonMark), else it is no fence.
  if (run[0] === "`" && match[2]!.includes("`")) return undefined;
  const [language] = match[2]!.trim().split(/\s/, 1);
  return { char: run[0]!, length: run.length, suggestion: language === "suggestion" };
}

function closesFence(line: string, fence: { char: string; length: number }): boolean {
  const match = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  return match !== null && match[1]![0] === fence.char && match[1]!.length >= fence.length;
}

/** Patterns only, for callers that were given no secret values; GitHub's own host is trusted. */
export const DEFAULT_NEUTRALISER = new OutputNeutraliser();

const byClient = new WeakMap<object, OutputNeutraliser>();

/** Ties a neutraliser (the client's own token and known secrets, its server's host) to a client. */
export function registerNeutraliser(client: object, neutraliser: OutputNeutraliser): void {
  byClient.set(client, neutraliser);
}

/** What publishers writing through `client` neutralise with: see `createGitHubClient`'s `secrets`. */
export function neutraliserFor(client: object | undefined): OutputNeutraliser {
  return (client && byClient.get(client)) || DEFAULT_NEUTRALISER;
}
