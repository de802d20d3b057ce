/**
 * Files that steer the host's own git rather than the project: `.gitattributes` names the filter,
 * diff and merge drivers git runs (as the host, in every later git command in the checkout: status,
 * diff, add, checkout), `.lfsconfig` where git-lfs sends objects. An agent's edit of one is not
 * brought back; the session's notes say so.
 */
export function isHostGitSteering(file: string): boolean {
  const name = file.split("/").at(-1);
  return name === ".gitattributes" || file === ".lfsconfig";
}

/** The same files as git pathspecs that leave them out (`git diff -- <these>`). */
export const HOST_GIT_STEERING_PATHSPECS_EXCLUDED = [
  ".",
  ":(exclude,glob)**/.gitattributes",
  ":(exclude,literal).lfsconfig",
];

/** The same files as `git apply --exclude` patterns (`*` spans directories there). */
export const HOST_GIT_STEERING_APPLY_EXCLUDES = [
  "--exclude=.gitattributes",
  "--exclude=*/.gitattributes",
  "--exclude=.lfsconfig",
];
