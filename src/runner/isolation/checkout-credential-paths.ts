import { lstat } from "node:fs/promises";
import path from "node:path";
import { includedConfigFiles, sshKeyFiles } from "./checkout-credentials.js";
import { credentialFilesAt } from "./workspace-credential-files.js";

/** Paths commands must not read, and how the session's log names them. */
export interface HiddenPaths {
  paths: string[];
  description: string;
}

/**
 * Where the door's checkout may keep the workflow's token: its `.git` (actions/checkout v4 and v5
 * write it into `.git/config`), every file that config includes (v6 keeps it in one under
 * RUNNER_TEMP), the SSH keys its `core.sshCommand` names (checkout's ssh-key input), and the cloud
 * credentials files an earlier step left at its root (workspace-credential-files.ts). An agent on the runner's own user can name these paths from Bash; the kernel lets
 * that user read them, so the Bash sandbox hides them (closeSourceCredentials does the same job
 * with file modes when the agent has a user of its own). Only paths that exist: the sandbox mounts
 * an empty directory over each.
 */
export async function checkoutCredentialPaths(
  sourceCwd: string,
  home: string | undefined,
  env: Record<string, string | undefined> = {},
): Promise<HiddenPaths | undefined> {
  const gitDir = path.join(sourceCwd, ".git");
  if (!(await lstat(gitDir).catch(() => undefined))) return undefined;
  const config = path.join(gitDir, "config");
  const isConfig = (await lstat(config).catch(() => undefined))?.isFile() === true;
  const included = isConfig ? await includedConfigFiles(config, home) : [];
  const keys = isConfig ? await sshKeyFiles(config, env, home) : [];
  const existing: string[] = [];
  for (const file of [...included, ...keys])
    if (await lstat(file).catch(() => undefined)) existing.push(file);
  const files = [...new Set(existing)].filter((file) => !isInside(file, gitDir));
  const how = keys.some((key) => files.includes(key)) ? "it includes or names" : "it includes";
  const cloud = (await credentialFilesAt(sourceCwd)).map((name) => path.join(sourceCwd, name));
  return {
    paths: [gitDir, ...files, ...cloud],
    description: [
      `the checkout's .git${files.length ? ` and ${files.length} file${files.length === 1 ? "" : "s"} ${how}` : ""}`,
      ...(cloud.length
        ? [`${cloud.length} cloud credentials file${cloud.length === 1 ? "" : "s"} at its root`]
        : []),
    ].join(", "),
  };
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** Several HiddenPaths as one: every path, and each description in turn. */
export function combineHiddenPaths(...parts: Array<HiddenPaths | undefined>): HiddenPaths | undefined {
  const present = parts.filter((part): part is HiddenPaths => part !== undefined && part.paths.length > 0);
  if (!present.length) return undefined;
  return {
    paths: present.flatMap((part) => part.paths),
    description: present.map((part) => part.description).join(", "),
  };
}
