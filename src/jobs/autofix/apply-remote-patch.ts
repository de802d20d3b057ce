import { execFile } from "node:child_process";
import {
  HOST_GIT_STEERING_APPLY_EXCLUDES,
  isHostGitSteering,
} from "../../runner/isolation/host-git-steering.js";

/** The most a remote agent's patch may weigh; a bigger one is refused, not truncated. */
export const MAX_REMOTE_PATCH_BYTES = 5_000_000;

export class RemotePatchError extends Error {
  override readonly name = "RemotePatchError";
}

/**
 * Applies the patch a Managed Agents session handed back (its edits happened in Anthropic's
 * container) to the job's own checkout, so the CLI engine's path takes it from there: protected paths
 * reverted, the working tree read, and the commit made through commitToBranch. `git apply` refuses
 * paths outside the work tree and inside `.git`, and applies all hunks or none. Edits of files that
 * steer the host's own git (`.gitattributes`, `.lfsconfig`) are left out, as the CLI engine leaves
 * them out of what it brings back; they are returned, by path.
 */
export async function applyRemotePatch(checkoutDir: string, patch: string): Promise<{ leftOut: string[] }> {
  if (patch.trim() === "") return { leftOut: [] };
  if (Buffer.byteLength(patch) > MAX_REMOTE_PATCH_BYTES)
    throw new RemotePatchError(`the remote agent's patch is over ${MAX_REMOTE_PATCH_BYTES} bytes`);
  // Every path the patch names (`added<TAB>deleted<TAB>path`, NUL-terminated; a rename adds its two paths).
  const listed = await gitApply(checkoutDir, ["--numstat", "-z"], patch);
  const paths = listed
    .split("\0")
    .map((entry) => entry.split("\t").at(-1) ?? "")
    .filter(Boolean);
  const leftOut = [...new Set(paths.filter(isHostGitSteering))];
  if (leftOut.length === paths.length) return { leftOut };
  await gitApply(checkoutDir, ["--whitespace=nowarn", ...HOST_GIT_STEERING_APPLY_EXCLUDES], patch);
  return { leftOut };
}

function gitApply(checkoutDir: string, options: string[], patch: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const child = execFile(
      "git",
      ["apply", ...options, "--"],
      { cwd: checkoutDir, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new RemotePatchError(
              `the remote agent's patch does not apply: ${stderr.trim() || error.message}`,
            ),
          );
        else resolve(stdout);
      },
    );
    child.stdin?.end(patch);
  });
}
