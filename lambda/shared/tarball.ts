import { execFile } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { promisify } from "node:util";

const run = promisify(execFile);
const BIG = 64 * 1024 * 1024;

/**
 * gzip'd tar of everything under `dir` (names relative to it), never following symlinks: a link the
 * PR planted (`notes -> /proc/self/environ`) travels as a link, not as what it points to.
 */
export async function packDirectory(
  dir: string,
  out: string,
  options: { exclude?: string[] } = {},
): Promise<string> {
  const excludes = (options.exclude ?? []).map((e) => `--exclude=${e}`);
  await run("tar", ["-czf", out, ...excludes, "-C", dir, "."], { maxBuffer: BIG });
  return out;
}

/** Unpacks a tarball we produced ourselves (trusted) into `dir`. */
export async function unpackTrusted(tarball: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await run("tar", ["-xzf", tarball, "--no-same-owner", "-C", dir], { maxBuffer: BIG });
}

/**
 * Unpacks a tarball that came from the agent (hostile) into an empty `dir`: only its regular files
 * and directories, by explicit name, so no symlink, hard link or device ever exists under `dir` and
 * no later member can be written through one. Returns the regular files' relative paths.
 */
export async function unpackRegularFiles(tarball: string, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const { stdout } = await run("tar", ["-tvzf", tarball, "--quoting-style=escape"], { maxBuffer: BIG });
  const names = (await run("tar", ["-tzf", tarball], { maxBuffer: BIG })).stdout.split("\n").filter(Boolean);
  const kinds = stdout
    .split("\n")
    .filter(Boolean)
    .map((line) => line[0]);
  if (kinds.length !== names.length) throw new Error("agent result archive listing is inconsistent");
  const files = names.filter((name, i) => kinds[i] === "-" && !name.split("/").includes(".."));
  if (files.length === 0) return [];
  const list = `${dir}.members`;
  await writeFile(list, `${files.join("\n")}\n`);
  await run(
    "tar",
    [
      "-xzf",
      tarball,
      "--no-same-owner",
      "--no-same-permissions",
      "--no-recursion",
      "-C",
      dir,
      "--verbatim-files-from",
      "-T",
      list,
    ],
    { maxBuffer: BIG },
  );
  return files.map((name) => name.replace(/^\.\//, ""));
}
