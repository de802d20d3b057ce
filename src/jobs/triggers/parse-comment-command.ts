/**
 * What a comment asks of us, if anything. Two forms:
 *
 * - a command: the comment's first word is the prefix (`/claude review src/a.ts`, `/claude fix`,
 *   `/claude ask why…`, `/claude help`); a word we do not know is `unknown`, answered with usage;
 * - a mention: the handle appears as a word (`@claude why is this async?`), outside quoted lines
 *   and code blocks (quoting someone's mention must not ask again). The rest is a question, unless
 *   it starts with a command word (`@claude review` is the review command).
 */
export type CommentCommand =
  | { command: "review"; paths: string[] }
  | { command: "fix" }
  | { command: "ask"; question: string }
  | { command: "help" }
  | { command: "unknown"; word: string };

const COMMAND_WORDS = new Set(["review", "fix", "ask", "help"]);

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
  const question = withoutMention(text, addressing.mention);
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
  if (lower === "help") return { command: "help" };
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
      // Stryker disable next-line MethodExpression: a marker is a run of one character, so its start and end agree
      if (marker?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (/^\s*>/.test(line)) continue;
    const match = pattern.exec(line);
    if (!match) continue;
    const start = match.index + match[1]!.length;
    // "Hey @claude, why?" asks "Hey why?": the handle's own punctuation goes with it.
    // Stryker disable next-line Regex: both parts are optional, so the first match is at the start anyway
    lines[i] = line.slice(0, start) + line.slice(start + mention.length).replace(/^[,:]?[ \t]*/, "");
    return lines.join("\n").trim();
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
