/**
 * `find` has its own grammar: leading options (-P/-H/-L), start paths, then an expression of
 * primaries and operators. Primaries are never abbreviated or bundled, so each word is looked up
 * exactly. Only primaries that test or print names are allowed; actions that run programs, delete,
 * write files or follow symlinks are refused.
 */

import { ALLOWED_PRIMARIES, DENIED_PRIMARIES, LEADING_OPTIONS, type Primary } from "./find-primaries.js";

export type ParsedFind =
  | { ok: true; startPaths: string[]; pathArguments: string[] }
  | { ok: false; reason: string };

/** Reads `find`'s arguments as find does; refuses anything outside the allowlist. */
export function parseFindArguments(args: readonly string[]): ParsedFind {
  let i = 0;
  // Stryker disable next-line EqualityOperator: args[length] is undefined, which is no leading option either
  for (; i < args.length; i++) {
    const word = args[i] as string;
    if (!Object.hasOwn(LEADING_OPTIONS, word)) break;
    const why = LEADING_OPTIONS[word];
    if (why !== undefined) return { ok: false, reason: `"${word}" is not allowed for find: ${why}` };
  }
  const startPaths: string[] = [];
  // Start paths run until the first word that opens the expression.
  for (; i < args.length; i++) {
    const word = args[i] as string;
    if (word.startsWith("-") || word === "!" || word === "(") break;
    startPaths.push(word);
  }
  const pathArguments: string[] = [];
  for (; i < args.length; i++) {
    const word = args[i] as string;
    const denied = DENIED_PRIMARIES[word];
    if (denied !== undefined) return { ok: false, reason: `"${word}" is not allowed for find: ${denied}` };
    if (!Object.hasOwn(ALLOWED_PRIMARIES, word)) {
      return { ok: false, reason: `"${word}" is not a find primary the policy allows` };
    }
    const primary = ALLOWED_PRIMARIES[word] as Primary;
    if (i + primary.args >= args.length) {
      return { ok: false, reason: `find ${word} needs an argument` };
    }
    if (primary.pathArgument) pathArguments.push(args[i + 1] as string);
    i += primary.args;
  }
  return { ok: true, startPaths, pathArguments };
}
