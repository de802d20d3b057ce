import { execFile } from "node:child_process";

/** The most a remote agent's patch may weigh; a bigger one is refused, not truncated. */
export const MAX_REMOTE_PATCH_BYTES = 5_000_000;

export class RemotePatchError extends Error {
  override readonly name = "RemotePatchError";
}

/**
 * Applies the patch a Managed Agents session handed back (its edits happened in Anthropic's
 * container) to the job's own checkout, so the CLI engine's path takes it from there: protected paths
 * reverted, the working tree read, and the commit made through commitToBranch. `git apply` refuses
 * paths outside the work tree and inside `.git`, and applies all hunks or none.
 */
export async function applyRemotePatch(checkoutDir: string, patch: string): Promise<void> {
  if (patch.trim() === "") return;
  if (Buffer.byteLength(patch) > MAX_REMOTE_PATCH_BYTES)
    throw new RemotePatchError(`the remote agent's patch is over ${MAX_REMOTE_PATCH_BYTES} bytes`);
  await new Promise<void>((resolve, reject) => {
    const child = execFile(
      "git",
      ["apply", "--whitespace=nowarn", "--"],
      { cwd: checkoutDir, maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error)
          reject(
            new RemotePatchError(
              `the remote agent's patch does not apply: ${stderr.trim() || error.message}`,
            ),
          );
        else resolve();
      },
    );
    child.stdin?.end(patch);
  });
}
