import { realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { HiddenPaths } from "./checkout-credential-paths.js";

/**
 * Variables that name a credentials file. Actions that log in export them for later steps, so our
 * step inherits them: google-github-actions/auth (GOOGLE_APPLICATION_CREDENTIALS), cluster contexts
 * (KUBECONFIG, a `:`-separated list, often a file under RUNNER_TEMP or in the workspace), and the
 * variables that move a tool's own credentials file (git, netrc, PostgreSQL, boto, pip, npm, Vault,
 * SOPS, the clouds' federation token files).
 */
const FILE_VARIABLES = [
  "GOOGLE_APPLICATION_CREDENTIALS",
  "CLOUDSDK_AUTH_CREDENTIAL_FILE_OVERRIDE",
  "AWS_SHARED_CREDENTIALS_FILE",
  "AWS_WEB_IDENTITY_TOKEN_FILE",
  "AZURE_FEDERATED_TOKEN_FILE",
  "GIT_CONFIG_GLOBAL",
  "NETRC",
  "PGPASSFILE",
  "BOTO_CONFIG",
  "PIP_CONFIG_FILE",
  "NPM_CONFIG_USERCONFIG",
  "VAULT_CONFIG_PATH",
  "SOPS_AGE_KEY_FILE",
] as const;
const LIST_VARIABLES = ["KUBECONFIG"] as const;
/** Variables that name a directory of credentials: the file in it, or the whole directory (""). */
const DIRECTORY_VARIABLES = {
  DOCKER_CONFIG: "config.json",
  CLOUDSDK_CONFIG: "",
  AZURE_CONFIG_DIR: "",
} as const;

/**
 * The credentials files (and directories) the host's environment names that exist, by their real
 * paths, sorted and without repeats. Only regular files and directories count: a variable pointing
 * at `/dev/null` or a socket names nothing to hide or close.
 */
export async function credentialFilesNamedBy(env: Record<string, string | undefined>): Promise<string[]> {
  const named: Array<{ file: string; directory: boolean }> = [];
  for (const name of FILE_VARIABLES)
    named.push(...absolute(env[name]).map((file) => ({ file, directory: false })));
  for (const name of LIST_VARIABLES)
    named.push(...absolute(env[name], path.delimiter).map((file) => ({ file, directory: false })));
  for (const [name, inside] of Object.entries(DIRECTORY_VARIABLES))
    named.push(
      ...absolute(env[name]).map((dir) => ({
        file: inside ? path.join(dir, inside) : dir,
        directory: !inside,
      })),
    );
  const found = new Set<string>();
  for (const { file, directory } of named) {
    const real = await realpath(file).catch(() => undefined);
    const info = real ? await stat(real).catch(() => undefined) : undefined;
    if (real && (directory ? info?.isDirectory() : info?.isFile())) found.add(real);
  }
  return [...found].sort();
}

/** The same, described for the session's log (undefined when there are none). */
export async function environmentCredentialPaths(
  env: Record<string, string | undefined>,
): Promise<HiddenPaths | undefined> {
  const paths = await credentialFilesNamedBy(env);
  if (!paths.length) return undefined;
  return {
    paths,
    description: `${paths.length} credentials file${paths.length === 1 ? "" : "s"} the environment names`,
  };
}

function absolute(value: string | undefined, separator?: string): string[] {
  if (!value) return [];
  return (separator ? value.split(separator) : [value]).filter((entry) => path.isAbsolute(entry));
}
