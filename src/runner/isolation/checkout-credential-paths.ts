import { lstat } from "node:fs/promises";
import path from "node:path";
import { withClosedSearchPath } from "./agent-search-path.js";
import { includedConfigFiles, sshKeyFiles } from "./checkout-credentials.js";
import { isInside } from "./path-inside.js";
import { credentialFilesAt } from "./workspace-credential-files.js";

/** Paths commands must not read, and how the session's log names them. */
export interface HiddenPaths {
  paths: string[];
  description: string;
}

/** Where the door's checkout keeps, or names, the workflow's credentials (checkoutCredentialFiles). */
export interface CheckoutCredentialFiles {
  /** The checkout's `.git` (actions/checkout v4 and v5 write the token into `.git/config`). */
  gitDir: string;
  /** Existing files outside `.git` that its config includes (v6's token file) or names (`core.sshCommand` keys). */
  configFiles: string[];
  /** Whether an SSH key is among configFiles (the log says "includes or names"). */
  namesKeys: boolean;
  /** Cloud credentials files an earlier step left at the checkout's root (workspace-credential-files.ts). */
  cloudFiles: string[];
}

/**
 * The one list of where the door's checkout may keep the workflow's token, for both ways of keeping
 * it from the agent: the Bash sandbox hides these paths from an agent on the runner's own user
 * (checkoutCredentialPaths), file modes close them to an agent with a user of its own
 * (closeSourceCredentials).
 */
export async function checkoutCredentialFiles(
  sourceCwd: string,
  home: string | undefined,
  env: Record<string, string | undefined>,
): Promise<CheckoutCredentialFiles> {
  const gitDir = path.join(sourceCwd, ".git");
  const config = path.join(gitDir, "config");
  const isConfig = (await lstat(config).catch(() => undefined))?.isFile() === true;
  // git is found through the host's PATH, less what the checkout could hold (agent-search-path.ts);
  // worked out only where there is a config for it to read.
  const gitEnv = isConfig ? withClosedSearchPath(env, [sourceCwd]) : undefined;
  const included = gitEnv ? await includedConfigFiles(config, home, gitEnv) : [];
  const keys = gitEnv ? await sshKeyFiles(config, env, home, gitEnv) : [];
  const configFiles = (await existingPaths([...new Set([...included, ...keys])])).filter(
    (file) => !isInside(file, gitDir),
  );
  return {
    gitDir,
    configFiles,
    namesKeys: keys.some((key) => configFiles.includes(key)),
    cloudFiles: (await credentialFilesAt(sourceCwd)).map((name) => path.join(sourceCwd, name)),
  };
}

/**
 * The door checkout's credentials (checkoutCredentialFiles) as paths for the Bash sandbox to hide.
 * An agent on the runner's own user can name them from Bash, and the kernel lets that user read
 * them. Only paths that exist: the sandbox mounts an empty directory over each.
 */
export async function checkoutCredentialPaths(
  sourceCwd: string,
  home: string | undefined,
  env: Record<string, string | undefined> = {},
): Promise<HiddenPaths | undefined> {
  if (!(await lstat(path.join(sourceCwd, ".git")).catch(() => undefined))) return undefined;
  const { gitDir, configFiles, namesKeys, cloudFiles } = await checkoutCredentialFiles(sourceCwd, home, env);
  const how = namesKeys ? "it includes or names" : "it includes";
  return {
    paths: [gitDir, ...configFiles, ...cloudFiles],
    description: [
      `the checkout's .git${configFiles.length ? ` and ${configFiles.length} file${configFiles.length === 1 ? "" : "s"} ${how}` : ""}`,
      ...(cloudFiles.length
        ? [`${cloudFiles.length} cloud credentials file${cloudFiles.length === 1 ? "" : "s"} at its root`]
        : []),
    ].join(", "),
  };
}

/** The paths that exist (a link counts, whatever it points at), in their order. */
export async function existingPaths(paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const candidate of paths) if (await lstat(candidate).catch(() => undefined)) found.push(candidate);
  return found;
}

/** Several HiddenPaths as one: every path, and each description in turn. */
export function combineHiddenPaths(...parts: Array<HiddenPaths | undefined>): HiddenPaths | undefined {
  const present = parts.filter((part): part is HiddenPaths => part !== undefined && part.paths.length > 0);
  if (!present.length) return undefined;
  return {
    paths: [...new Set(present.flatMap((part) => part.paths))],
    description: present.map((part) => part.description).join(", "),
  };
}
