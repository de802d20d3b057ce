/**
 * What a comment asks of us, if anything. Two forms:
 *
 * - a command: the comment's first word is the prefix (`/claude review src/a.ts`, `/claude fix`,
 *   `/claude describe`, `/claude ask why…`, `/claude help`); a word we do not know is `unknown`,
 *   answered with usage;
 * - a mention: the handle appears as a word (`@claude why is this async?`), outside quoted lines
 *   and code blocks (quoting someone's mention must not ask again). The rest is a question, unless
 *   it starts with a command word (`@claude review` is the review command).
 */
export type CommentCommand =
  | { command: "review"; paths: string[] }
  | { command: "fix" }
  | { command: "describe" }
  | { command: "ask"; question: string }
  | { command: "help" }
  /** `forget <id>`: stop applying a learned rule of the noise memory (an id of 8 hex digits). */
  | { command: "forget"; id: string }
  | { command: "unknown"; word: string };

const COMMAND_WORDS = new Set(["review", "fix", "describe", "ask", "help", "forget"]);
const LEARNING_ID = /^[0-9a-f]{8}$/;

export function parseCommentCommand(
  body: string,
  addressing: { commandPrefix: string; mention: string },
): CommentCommand | undefined {
  const text = body.trim();
  // Stryker disable next-line Regex: with a limit of 1, splitting on one blank or a run is the same
  const first = text.split(/\s+/, 1)[0] ?? "";
  if (first.toLowerCase() === addressing.commandPrefix.toLowerCase()) {
    return commandFrom(text.slice(first.length).trim(), true);
  }
  // A mention inside an HTML comment is invisible to whoever posted it (pasted text can carry one):
  // it is not theirs to ask, and GitHub itself does not notify on it.
  const question = withoutMention(text.replace(/<!--[\s\S]*?(?:-->|$)/g, ""), addressing.mention);
  return question === undefined ? undefined : commandFrom(question, false);
}

function commandFrom(rest: string, explicit: boolean): CommentCommand {
  if (rest === "") return { command: "help" };
  // Stryker disable next-line Regex: with a limit of 1, splitting on one blank or a run is the same
  const word = rest.split(/\s+/, 1)[0]!;
  const lower = word.toLowerCase();
  if (!COMMAND_WORDS.has(lower)) {
    return explicit ? { command: "unknown", word } : { command: "ask", question: rest };
  }
  const after = rest.slice(word.length).trim();
  if (lower === "review") {
    // Paths are the words of the command's own line; the lines below are free text.
    const line = after.split("\n", 1)[0]!.trim();
    return { command: "review", paths: line === "" ? [] : line.split(/\s+/) };
  }
  if (lower === "fix") return { command: "fix" };
  if (lower === "describe") return { command: "describe" };
  if (lower === "help") return { command: "help" };
  if (lower === "forget") {
    // One id on the command's own line, nothing else: anything looser is answered with usage.
    const words = after.split("\n", 1)[0]!.trim().split(/\s+/);
    const id = words[0]?.toLowerCase() ?? "";
    return words.length === 1 && LEARNING_ID.test(id)
      ? { command: "forget", id }
      : { command: "unknown", word: "forget" };
  }
  return after === "" ? { command: "unknown", word: "ask" } : { command: "ask", question: after };
}

/**
 * The comment with the first live mention taken out, or undefined when there is none. A mention is
 * live on a line that is neither quoted (`>`) nor inside a fenced code block, and only as a whole
 * word: `@claude-bot`, `me@claude.ai` and `` `@claude` `` are not it.
 */
function withoutMention(text: string, mention: string): string | undefined {
  const pattern = new RegExp(`(^|[^\\w\`@./-])${escapeRegExp(mention)}(?![\\w-]|\\.\\w)`, "i");
  const lines = text.split("\n");
  let fence: string | undefined;
  // Stryker disable next-line EqualityOperator: one step past the end reads no line and finds no mention
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      // Only a bare run of the opener's character, at least as long, closes it (```js does not).
      const closer = /^\s*(`{3,}|~{3,})\s*$/.exec(line)?.[1];
      // Stryker disable next-line MethodExpression: a marker is a run of one character, so its start and end agree
      if (closer?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (/^\s*>/.test(line)) continue;
    // In an inline code span (`… @claude …`) the handle is code, not a mention.
    const match = pattern.exec(withoutCodeSpans(line));
    if (!match) continue;
    const start = match.index + match[1]!.length;
    // "Hey @claude, why?" asks "Hey why?": the handle's own punctuation goes with it.
    // Stryker disable next-line Regex: both parts are optional, so the first match is at the start anyway
    lines[i] = line.slice(0, start) + line.slice(start + mention.length).replace(/^[,:]?[ \t]*/, "");
    return lines.join("\n").trim();
  }
  return undefined;
}

/**
 * The line with each inline code span (a run of backticks up to the next run of the same length)
 * blanked, positions kept. Linear in practice: a run length that found no closer once is not
 * searched for again (a regular expression with a backreference is quadratic on a line of backticks).
 */
function withoutCodeSpans(line: string): string {
  const runs = [...line.matchAll(/`+/g)].map((m) => ({ start: m.index, length: m[0].length }));
  const unclosed = new Set<number>();
  const parts: string[] = [];
  let kept = 0;
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    if (unclosed.has(open.length)) continue;
    let j = i + 1;
    while (j < runs.length && runs[j]!.length !== open.length) j++;
    if (j === runs.length) {
      unclosed.add(open.length);
      continue;
    }
    const end = runs[j]!.start + open.length;
    parts.push(line.slice(kept, open.start), " ".repeat(end - open.start));
    kept = end;
    i = j;
  }
  parts.push(line.slice(kept));
  return parts.join("");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
