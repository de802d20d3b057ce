import { isAbsolute, relative, resolve, sep } from "node:path";
import type { GitCheckout } from "./git-checkout.js";

/** A workspace file as it is at `sha` (the PR's base), whatever the checked-out head says. */
export async function readConfigAtCommit(git: GitCheckout, path: string, sha: string): Promise<string> {
  const rel = relative(git.dir, resolve(git.dir, path));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) {
    throw new Error(`${path} is outside the workspace, so it cannot be read from the base commit`);
  }
  try {
    return await git.git(["show", `${sha}:${rel.split(sep).join("/")}`]);
  } catch (error) {
    throw new Error(
      `${path} could not be read from the base commit ${sha.slice(0, 12)} (policy and schema files come from the base branch, never from the pull request; check out with fetch-depth: 0): ${(error as Error).message.split("\n")[0]}`,
    );
  }
}
