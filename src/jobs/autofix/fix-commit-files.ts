import type { CommitFile } from "../../github/commit-to-branch.js";
import type { GitCheckout } from "../shared/git-checkout.js";

export class UncommittableChangeError extends Error {
  override readonly name = "UncommittableChangeError";
}

/**
 * The fix as the files of one commit on top of HEAD, read through git's index so symlinks stay links
 * (their target, never the file they point at) and executable bits are kept, exactly as `git commit`
 * would have recorded them.
 */
export async function fixCommitFiles(
  checkout: GitCheckout,
  paths: string[],
): Promise<{ files: CommitFile[]; baseTreeSha: string }> {
  const baseTreeSha = (await checkout.git(["rev-parse", "HEAD^{tree}"])).trim();
  if (paths.length === 0) return { files: [], baseTreeSha };
  await checkout.git(["add", "-A", "--", ...paths]);
  const staged = new Map<string, { mode: string; sha: string }>();
  for (const record of (await checkout.git(["ls-files", "-s", "-z", "--", ...paths])).split("\0")) {
    const match = /^(\d{6}) ([0-9a-f]{40,64}) \d\t(.+)$/s.exec(record);
    if (match?.[3]) staged.set(match[3], { mode: match[1] ?? "", sha: match[2] ?? "" });
  }
  const files: CommitFile[] = [];
  for (const path of paths) {
    const entry = staged.get(path);
    if (!entry) {
      files.push({ path, mode: "100644", content: null });
      continue;
    }
    if (entry.mode !== "100644" && entry.mode !== "100755" && entry.mode !== "120000") {
      throw new UncommittableChangeError(
        `${path} has git mode ${entry.mode} (a submodule?); autofix commits only files`,
      );
    }
    files.push({ path, mode: entry.mode, content: await checkout.blob(entry.sha) });
  }
  return { files, baseTreeSha };
}
