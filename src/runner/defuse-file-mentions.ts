import { lstatSync } from "node:fs";
import path from "node:path";

/**
 * The CLI reads every `@path` of a user message itself (2.1.235, without --bare): before any tool
 * call, with no can_use_tool, as its own uid, and puts the file or a directory's listing into the
 * model's context. It does so inside fenced blocks, after any whitespace, for a quoted path, with a
 * `#L1-2` fragment and through links (test/red-team/prompt-file-mentions.test.ts). Our prompts carry
 * text others wrote (a PR's description and diff, comments), and none of our own prompts names a
 * file that way, so each mention that could make the CLI read something is sent as text: a zero-width
 * space after its `@`, which the model reads past and the CLI does not take for a mention.
 *
 * A mention is defused when what follows the `@` names a path from the root or the home directory,
 * climbs with `..`, is quoted or escaped (forms this check does not resolve), names an MCP resource
 * (`@server:uri`, read the same way from the job's servers), or names anything that
 * exists from the session's working directory (a link, a directory, a file: the tool policy, not the
 * CLI, decides what the agent reads). Decorators, `@types/node` and e-mail addresses name nothing there
 * and stay as written.
 */
export interface DefusedText {
  text: string;
  /** The mentions sent as text, as written after the `@`. */
  defused: string[];
}

const ZERO_WIDTH_SPACE = "\u200b";
/** What the CLI could take for a mention: the `@` and what follows it up to whitespace. */
const MENTION = /@(\S+)/gu;
/**
 * Where the CLI ends a mention: 2.1.235 matches `@([^\s]+)\b`, so the path stops at its last ASCII
 * letter, digit or `_`, and `@notes(`, `@notes).`, `@notes-` or `@notesé` read `notes`
 * (test/red-team/prompt-file-mentions.test.ts).
 */
const AFTER_LAST_WORD_CHARACTER = /[^A-Za-z0-9_]+$/u;
/** `path:12` or `path:12-20`, a line reference a reader (or a newer CLI) may take off. */
const LINE_SUFFIX = /:\d+(?:-\d+)?$/u;

export function defuseFileMentions(text: string, cwd: string): DefusedText {
  const defused: string[] = [];
  // A diff repeats its mentions (a lockfile's `@scope/name` on every line): each is looked up once.
  const judged = new Map<string, boolean>();
  const out = text.replace(MENTION, (whole, token: string) => {
    let readable = judged.get(token);
    // Stryker disable next-line ConditionalExpression: judging a token again gives the same answer; the map only saves lookups
    if (readable === undefined) {
      readable = couldReadFile(token, cwd);
      judged.set(token, readable);
    }
    if (!readable) return whole;
    defused.push(token);
    return `@${ZERO_WIDTH_SPACE}${token}`;
  });
  return { text: out, defused };
}

function couldReadFile(token: string, cwd: string): boolean {
  if (/^[/~"']/u.test(token) || token.includes("\\")) return true;
  // `@server:uri` names an MCP server's resource, which the CLI would read as well.
  if (/^[^/]+:/u.test(token)) return true;
  // As written (another of the CLI's patterns takes the whole run up to whitespace), as the CLI ends
  // it, and without a `#L1-2` fragment or a `:12` line reference.
  const end = token.replace(AFTER_LAST_WORD_CHARACTER, "");
  const withoutFragment = (end.split("#")[0] as string).replace(LINE_SUFFIX, "");
  for (const candidate of new Set([token, end, withoutFragment])) {
    if (candidate === "") continue;
    if (candidate.split("/").includes("..")) return true;
    if (exists(path.resolve(cwd, candidate))) return true;
  }
  return false;
}

/**
 * The entry itself, a dangling link included (the CLI may follow it once its target appears). Only
 * "no such entry" counts as nothing: a path this process cannot look at (a loop of links, a directory
 * closed to it) may still be there for the CLI.
 */
function exists(target: string): boolean {
  try {
    lstatSync(target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== "ENOENT" && code !== "ENOTDIR";
  }
}
