/**
 * Splits a Bash command into words for policy matching, refusing anything whose meaning a prefix
 * check cannot see: command chaining, pipes, redirection, substitution, unquoted globs, brace and
 * tilde expansion. A refused command is denied; the agent can retry with a plain command.
 */
export type ShellWordsResult = { ok: true; words: string[] } | { ok: false; reason: string };

const OPERATOR_CHARS = new Set([";", "&", "|", "<", ">", "(", ")", "\n", "\r", "`"]);
const GLOB_CHARS = new Set(["*", "?", "[", "]", "{", "}"]);

export function splitShellWords(command: string): ShellWordsResult {
  const words: string[] = [];
  let current = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < command.length; i++) {
    const ch = command[i] as string;
    if (quote === "'") {
      if (ch === "'") quote = null;
      else current += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === "$" || ch === "`") return refuse(`"${ch}" expansion inside double quotes`);
      // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: past the end, includes(undefined) is false anyway
      else if (ch === "\\" && i + 1 < command.length && '"\\$`'.includes(command[i + 1] as string)) {
        current += command[++i];
      } else current += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
      continue;
    }
    if (ch === " " || ch === "\t") {
      if (inWord) words.push(current);
      current = "";
      inWord = false;
      continue;
    }
    if (OPERATOR_CHARS.has(ch)) return refuse(`shell operator "${printable(ch)}"`);
    if (ch === "$") return refuse('"$" expansion');
    if (GLOB_CHARS.has(ch)) return refuse(`unquoted glob or brace character "${ch}" (quote the pattern)`);
    if (ch === "~" && !inWord) return refuse('tilde expansion "~"');
    if (ch === "\\") {
      const next = command[i + 1];
      if (next === undefined || next === "\n") return refuse("trailing backslash");
      current += next;
      i++;
      inWord = true;
      continue;
    }
    current += ch;
    inWord = true;
  }
  if (quote) return refuse("unterminated quote");
  if (inWord) words.push(current);
  if (words.length === 0) return refuse("empty command");
  return { ok: true, words };
}

function refuse(what: string): ShellWordsResult {
  return { ok: false, reason: `the command uses ${what}, which policy rules cannot check` };
}

function printable(ch: string): string {
  return ch === "\n" ? "\\n" : ch === "\r" ? "\\r" : ch;
}
