import { confinePath } from "./confine-path.js";

/**
 * Refuses a command word that could name something outside the workspace. Every spelling a tool
 * might open is resolved with symlinks followed (the word itself, the value after `=`, the path
 * after `:` in git's `rev:path`), whether or not it contains a slash: a planted `notes ->
 * /proc/self/environ` is as dangerous as `/proc/self/environ`. A word that names nothing that
 * exists resolves inside the workspace and passes (a pattern, a revision).
 *
 * @returns the reason for refusing, or undefined when every spelling stays inside.
 */
export async function confineArgument(
  root: string,
  word: string,
  options: { gitRevisionPaths?: boolean } = {},
): Promise<string | undefined> {
  for (const candidate of spellingsOf(word, options)) {
    const confined = await confinePath(root, candidate);
    if (!confined.inside) {
      const shown = candidate === word ? `"${word}"` : `"${candidate}" in "${word}"`;
      return `the argument ${shown} resolves outside the workspace (${confined.absolute})`;
    }
  }
  return undefined;
}

function spellingsOf(word: string, options: { gitRevisionPaths?: boolean }): string[] {
  const spellings = new Set<string>([word]);
  const equals = word.indexOf("=");
  if (equals >= 0) spellings.add(word.slice(equals + 1));
  if (options.gitRevisionPaths) {
    const colon = word.indexOf(":");
    if (colon >= 0) spellings.add(word.slice(colon + 1));
  }
  spellings.delete("");
  return [...spellings];
}
