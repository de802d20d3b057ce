/**
 * Option grammars for allow-listed shell commands, and a parser that reads a command's words the
 * way the tool itself does. GNU getopt_long (coreutils, grep) and git's parse-options share one
 * syntax: long options may be abbreviated to any unique prefix, `--name=value` or `--name value`
 * for a required value, `--name=value` only for an optional one; short options bundle (`-nOsh` is
 * `-n -O sh`), and a short option that takes a value swallows the rest of its bundle.
 */

/** How an allowed option takes its value. */
export type OptionUse =
  /** No value. */
  | "flag"
  /** A required value: `-e PAT`, `-ePAT`, `--regexp=PAT`, `--regexp PAT`. */
  | "value"
  /** A value only when attached: `--color=never`, `-U5`; a following word is never its value. */
  | "optional-value"
  /** A required value naming a file the tool reads: it must stay inside the workspace. */
  | "path-value";

export interface OptionGrammar {
  /** The command words this grammar covers, e.g. `git grep`. */
  command: string;
  /** Whether the tool accepts unique prefixes of long options (git log/diff/show do not). */
  abbreviations: boolean;
  /** Whether `-NUM` is an option (head -5, grep -2, git log -3). */
  numericOption?: boolean;
  /** Every option the policy allows, spelled in full (`-n`, `--line-number`). */
  allowed: Readonly<Record<string, OptionUse>>;
  /** Options the tool has that stay denied, with the reason the model is told. */
  denied: Readonly<Record<string, string>>;
  /**
   * The tool's remaining long options (denied as "not on the allowlist"). They must be known so an
   * abbreviation resolves as the tool resolves it: `--col` is ambiguous for git grep (--color,
   * --column) and must not be read as an allowed option the tool would not pick.
   */
  otherLongOptions?: readonly string[];
}

/** One option occurrence as the tool will see it. */
export interface ParsedOption {
  /** The word(s) as written, for messages. */
  written: string;
  /** The full option name it resolves to. */
  option: string;
  use: OptionUse;
  value?: string;
}

export type ParsedCommand =
  | { ok: true; options: ParsedOption[]; operands: string[] }
  | { ok: false; reason: string };

const NUMERIC_OPTION = /^-\d+$/;

/** Parses the words after the command name; any option not on the allowlist is refused. */
export function parseOptions(grammar: OptionGrammar, args: readonly string[]): ParsedCommand {
  const options: ParsedOption[] = [];
  const operands: string[] = [];
  let endOfOptions = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    if (endOfOptions || word === "-" || !word.startsWith("-")) {
      operands.push(word);
      continue;
    }
    if (word === "--") {
      endOfOptions = true;
      continue;
    }
    if (word.startsWith("--")) {
      const equals = word.indexOf("=");
      const name = equals === -1 ? word : word.slice(0, equals);
      const inline = equals === -1 ? undefined : word.slice(equals + 1);
      const resolved = resolveLongOption(grammar, name);
      if (!resolved.ok) return resolved;
      const option = resolved.option;
      const refusal = refusalOf(grammar, option, word);
      if (refusal) return refusal;
      const use = grammar.allowed[option] as OptionUse;
      if (use === "flag") {
        if (inline !== undefined) return refuse(`"${word}": ${grammar.command} ${option} takes no value`);
        options.push({ written: word, option, use });
      } else if (use === "optional-value") {
        // Stryker disable next-line ConditionalExpression: `value: undefined` and no value are the same to every reader
        options.push({ written: word, option, use, ...(inline !== undefined ? { value: inline } : {}) });
      } else {
        const value = inline ?? args[++i];
        if (value === undefined) return refuse(`"${word}": ${grammar.command} ${option} needs a value`);
        options.push({ written: word, option, use, value });
      }
      continue;
    }
    if (grammar.numericOption && NUMERIC_OPTION.test(word)) {
      // Stryker disable next-line StringLiteral: nothing reads `use` of a numeric option
      options.push({ written: word, option: word, use: "flag" });
      continue;
    }
    for (let j = 1; j < word.length; j++) {
      const option = `-${word[j]}`;
      const refusal = refusalOf(grammar, option, word);
      if (refusal) return refusal;
      const use = grammar.allowed[option] as OptionUse;
      if (use === "flag") {
        options.push({ written: word, option, use });
        continue;
      }
      // A short option with a value takes the rest of the bundle: `-nOsh` is `-n -O sh`.
      const rest = word.slice(j + 1);
      if (use === "optional-value") {
        options.push({ written: word, option, use, ...(rest ? { value: rest } : {}) });
      } else {
        const value = rest || args[++i];
        if (value === undefined) return refuse(`"${word}": ${grammar.command} ${option} needs a value`);
        options.push({ written: word, option, use, value });
      }
      break;
    }
  }
  return { ok: true, options, operands };
}

type Resolution = { ok: true; option: string } | { ok: false; reason: string };

/** The long option a written name means to the tool: an exact name, else its only prefix match. */
export function resolveLongOption(grammar: OptionGrammar, name: string): Resolution {
  const known = knownLongOptions(grammar);
  if (known.includes(name)) return { ok: true, option: name };
  if (!grammar.abbreviations) return refuse(`"${name}" is not an option ${grammar.command} allows`);
  const matches = known.filter((option) => option.startsWith(name));
  if (matches.length === 1) return { ok: true, option: matches[0] as string };
  // Stryker disable next-line EqualityOperator,ConditionalExpression: one match returned above, so >= 1 and > 1 agree
  if (matches.length > 1) {
    return refuse(`"${name}" is ambiguous for ${grammar.command} (could be ${matches.join(", ")})`);
  }
  return refuse(`"${name}" is not an option ${grammar.command} allows`);
}

function knownLongOptions(grammar: OptionGrammar): string[] {
  // Stryker disable next-line ArrayDeclaration: a made-up name starts with no "--" and matches nothing
  const names = new Set<string>(grammar.otherLongOptions ?? []);
  for (const option of [...Object.keys(grammar.allowed), ...Object.keys(grammar.denied)]) {
    // Stryker disable next-line ConditionalExpression,StringLiteral: short names never equal or extend a "--" name
    if (option.startsWith("--")) names.add(option);
  }
  return [...names];
}

function refusalOf(
  grammar: OptionGrammar,
  option: string,
  word: string,
): { ok: false; reason: string } | undefined {
  const why = grammar.denied[option];
  const spelled = word === option ? `"${word}"` : `"${word}" (${option})`;
  if (why !== undefined) return refuse(`${spelled} is not allowed for ${grammar.command}: ${why}`);
  if (!Object.hasOwn(grammar.allowed, option)) {
    return refuse(`${spelled} is not an option ${grammar.command} allows`);
  }
  return undefined;
}

function refuse(reason: string): { ok: false; reason: string } {
  return { ok: false, reason };
}
