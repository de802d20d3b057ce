import { COMMAND_ALLOWLISTS } from "./command-allowlists.js";
import { confineArgument } from "./confine-argument.js";
import { parseFindArguments } from "./find-allowlist.js";
import { parseOptions } from "./option-grammar.js";

export type AllowlistCheck =
  | { allowed: true; command: string }
  /** `command` is set when the words named one of the commands and its arguments were refused. */
  | { allowed: false; command?: string; reason: string };

/** The allow-listed command (of `names`) the words start with; the longest name wins (`git grep`). */
export function allowlistedCommandOf(words: readonly string[], names: readonly string[]): string | undefined {
  let best: string | undefined;
  for (const name of names) {
    const parts = name.split(" ");
    if (parts.every((part, i) => words[i] === part) && parts.length > (best?.split(" ").length ?? 0)) {
      best = name;
    }
  }
  return best;
}

/**
 * Allows a command only when it is one of `names`, every option is on that command's allowlist (as
 * the tool itself resolves abbreviations and bundles), and every argument stays inside the workspace.
 */
export async function checkAllowlistedCommand(
  words: readonly string[],
  names: readonly string[],
  root: string,
): Promise<AllowlistCheck> {
  const command = allowlistedCommandOf(words, names);
  if (command === undefined) {
    return { allowed: false, reason: `"${words.slice(0, 2).join(" ")}" is not an allowed command` };
  }
  const grammar = COMMAND_ALLOWLISTS[command];
  if (grammar === undefined) return { allowed: false, reason: `"${command}" has no option allowlist` };
  const args = words.slice(command.split(" ").length);
  // Stryker disable next-line ArrayDeclaration: an extra word that names nothing resolves inside
  const filesRead: string[] = [];
  if (grammar === "find") {
    const parsed = parseFindArguments(args);
    if (!parsed.ok) return { allowed: false, command, reason: parsed.reason };
    // Stryker disable next-line MethodExpression,ArrayDeclaration: find's file arguments are whole words, already among args; kept for clarity
    filesRead.push(...parsed.pathArguments);
  } else {
    const parsed = parseOptions(grammar, args);
    if (!parsed.ok) return { allowed: false, command, reason: parsed.reason };
    // Values glued to their option (`-fpatterns`) are not words of their own: check them too.
    for (const option of parsed.options) if (option.value !== undefined) filesRead.push(option.value);
  }
  const gitRevisionPaths = command.startsWith("git ");
  for (const word of [...args, ...filesRead]) {
    const refusal = await confineArgument(root, word, { gitRevisionPaths });
    if (refusal) return { allowed: false, command, reason: refusal };
  }
  return { allowed: true, command };
}
