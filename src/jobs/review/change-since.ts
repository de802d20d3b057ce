import type { GitCheckout } from "../shared/git-checkout.js";
import type { ChangedFile } from "../shared/prompt-blocks.js";

/** The commits a review has not seen: their diff and files, limited to the files under review. */
export interface ChangeSince {
  diff: string;
  changedFiles: ChangedFile[];
}

/** The paths a review covers, renames' old paths included so git still pairs them. */
export function reviewedPathsOf(files: readonly ChangedFile[]): Set<string> {
  return new Set(files.flatMap((f) => [f.path, ...(f.previousPath ? [f.previousPath] : [])]));
}

/**
 * What changed from an earlier reviewed head to this one, when that head is an ancestor here
 * (undefined after a rebase, or when the checkout lacks it). Files the path filter or the budget fit
 * left out of the review stay out of this diff too.
 */
export async function changeSince(
  checkout: GitCheckout,
  fromSha: string,
  headSha: string,
  reviewedPaths: ReadonlySet<string>,
): Promise<ChangeSince | undefined> {
  if (fromSha === headSha) return undefined;
  if (!(await checkout.hasCommit(fromSha)) || !(await checkout.isAncestor(fromSha, headSha)))
    return undefined;
  const all = await checkout.changedFiles(fromSha, headSha);
  const changedFiles = all.filter((f) => reviewedPaths.has(f.path));
  if (changedFiles.length === all.length)
    return { diff: await checkout.diff(fromSha, headSha), changedFiles };
  const pathspecs = [...reviewedPathsOf(changedFiles)].map((p) => `:(literal)${p}`);
  return {
    diff: pathspecs.length === 0 ? "" : await checkout.diff(fromSha, headSha, pathspecs),
    changedFiles,
  };
}

/** `changeSince` to one head, asked by earlier sha and the paths under review. */
export type CommitsSince = (
  fromSha: string,
  reviewedPaths: ReadonlySet<string>,
) => Promise<ChangeSince | undefined>;

/**
 * `changeSince` to `headSha` that answers each question once: the resume-or-summary choice and the
 * prompt both ask for the commits since the parent, and the second ask is then free (four git runs
 * saved). A different path set (the budget fit dropped files) is a different question.
 */
export function rememberedChangeSince(checkout: GitCheckout, headSha: string): CommitsSince {
  const answers = new Map<string, Promise<ChangeSince | undefined>>();
  return (fromSha, reviewedPaths) => {
    const key = JSON.stringify([fromSha, [...reviewedPaths].sort()]);
    let answer = answers.get(key);
    if (!answer) {
      answer = changeSince(checkout, fromSha, headSha, reviewedPaths);
      answers.set(key, answer);
    }
    return answer;
  };
}
