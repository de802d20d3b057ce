import { constants } from "node:fs";
import { type FileHandle, open, readlink, realpath } from "node:fs/promises";
import path from "node:path";
import { UnsafeTranscriptError } from "./session-errors.js";

/**
 * The most a captured transcript may hold. A real one is far smaller: a session that filled a
 * 1M-token context is a few MB of JSONL. The bound keeps a planted file from exhausting the host's
 * memory, or the store, before anything is checked.
 */
export const MAX_CAPTURED_TRANSCRIPT_BYTES = 64 * 1024 * 1024;

/**
 * Reads a finished session's transcript out of its config directory, which the agent owned while it
 * ran (its own uid under isolation, the host's without), so whatever stands at `file` may have been
 * put there by hostile code. Only a regular file with one name, really inside `configDir`, of at most
 * MAX_CAPTURED_TRANSCRIPT_BYTES is read:
 * - a symbolic link is not followed (O_NOFOLLOW), so the host never reads a file of its own as the
 *   transcript, stores it and hands it to the next session;
 * - a FIFO or a device is refused at once (O_NONBLOCK: opening a FIFO would wait for a writer);
 * - a directory on the way that links elsewhere is caught by where the opened file really is;
 * - a hard link (more than one name) could be a host file given another name.
 * Returns undefined when nothing is at `file`; anything else unsafe throws UnsafeTranscriptError.
 */
export async function readCapturedTranscript(configDir: string, file: string): Promise<Buffer | undefined> {
  const root = await realpath(configDir);
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    if (code === "ELOOP" || code === "EMLINK") throw new UnsafeTranscriptError(file, "it is a symbolic link");
    if (code === "ENXIO") throw new UnsafeTranscriptError(file, "it is not a regular file (a socket)");
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnsafeTranscriptError(file, "it is not a regular file");
    if (info.nlink !== 1)
      throw new UnsafeTranscriptError(file, `it has ${info.nlink} names (a hard link may be another file's)`);
    const real = (await openedPath(handle)) ?? (await realpath(file));
    if (!isInside(root, real)) {
      throw new UnsafeTranscriptError(file, `it is ${real}, outside the session's config directory ${root}`);
    }
    if (info.size > MAX_CAPTURED_TRANSCRIPT_BYTES) {
      const mb = (info.size / 1024 / 1024).toFixed(0);
      throw new UnsafeTranscriptError(
        file,
        `it is ${mb} MB, over the ${MAX_CAPTURED_TRANSCRIPT_BYTES / 1024 / 1024} MB a captured session may have`,
      );
    }
    return await readExactly(handle, info.size);
  } finally {
    await handle.close();
  }
}

/**
 * Where the open file really is (Linux's /proc), which no later change of the path can alter;
 * undefined where /proc is not mounted (macOS), and the path's real path is checked instead.
 */
async function openedPath(handle: FileHandle): Promise<string | undefined> {
  return readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** The file's first `size` bytes (what it held when checked; a later append is not read). */
async function readExactly(handle: FileHandle, size: number): Promise<Buffer> {
  const bytes = Buffer.alloc(size);
  let offset = 0;
  while (offset < size) {
    const { bytesRead } = await handle.read(bytes, offset, size - offset, offset);
    if (bytesRead === 0) break;
    offset += bytesRead;
  }
  return offset === size ? bytes : bytes.subarray(0, offset);
}
