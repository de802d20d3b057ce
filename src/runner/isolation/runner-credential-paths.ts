import { readdir } from "node:fs/promises";
import path from "node:path";
import { existingPaths, type HiddenPaths } from "./checkout-credential-paths.js";

/**
 * Where tools keep credentials in a user's HOME: git's credential store, the package registries',
 * the clouds' and container registries' CLIs, SSH and GPG keys, GitHub's CLIs, and Claude Code's own
 * login. A denylist, so a second layer: the agent's commands get a HOME of their own. The same-user
 * Bash sandbox hides these paths; for an agent with a user of its own, closeSourceCredentials closes
 * each one its uid could read by file mode for the session. A HOME the OS leaves world-traversable
 * (0755) stays so; an ordinary file in it stays readable.
 */
export const HOME_CREDENTIAL_FILES = [
  ".git-credentials",
  ".config/git/credentials",
  // git's global config: `git config --global url."https://<token>@github.com/".insteadOf` is how
  // jobs reach private modules, and http.extraheader lands here too.
  ".gitconfig",
  ".config/git/config",
  ".netrc",
  ".npmrc",
  ".yarnrc.yml",
  ".pypirc",
  ".gem/credentials",
  ".cargo/credentials",
  ".cargo/credentials.toml",
  ".m2/settings.xml",
  ".gradle/gradle.properties",
  ".config/composer/auth.json",
  ".composer/auth.json",
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".config/gcloud",
  ".kube",
  ".oci",
  ".docker/config.json",
  ".terraform.d/credentials.tfrc.json",
  ".config/gh",
  ".config/hub",
  ".config/glab-cli",
  ".claude",
  ".claude.json",
  // Tokens and passwords other CLIs keep: Vault, PostgreSQL, MySQL, s3cmd, boto, podman and the
  // legacy Docker file, Bundler, NuGet, pip, Pulumi, Terraform's CLI config, rclone, SOPS's age keys.
  ".vault-token",
  ".pgpass",
  ".my.cnf",
  ".s3cfg",
  ".boto",
  ".dockercfg",
  ".config/containers/auth.json",
  ".bundle/config",
  ".nuget/NuGet/NuGet.Config",
  ".config/pip/pip.conf",
  ".pip/pip.conf",
  ".pulumi/credentials.json",
  ".terraformrc",
  ".config/rclone/rclone.conf",
  ".config/sops/age/keys.txt",
] as const;

/**
 * The runner application's own credentials, in the directory it is installed in (the parent of its
 * `_work`): with them, whoever holds them can take jobs as this runner, with their secrets.
 */
export const RUNNER_CREDENTIAL_FILES = [".credentials", ".credentials_rsaparams"] as const;

/**
 * The credential files that exist in the runner user's HOME and in the runner's install directory
 * (found from RUNNER_WORKSPACE, `<install>/_work/<repository>`), and the runner's file-command files
 * under RUNNER_TEMP (what earlier steps wrote to GITHUB_ENV may be a secret) with the scripts of
 * earlier `run:` steps there (their secrets expanded in them): hidden by the Bash
 * sandbox from an agent that shares the runner's user, closed by mode to one with a user of its own.
 */
export async function runnerCredentialPaths(where: {
  home: string | undefined;
  runnerWorkspace: string | undefined;
  /** RUNNER_TEMP: its `_runner_file_commands` holds what steps wrote to GITHUB_ENV, GITHUB_OUTPUT… */
  runnerTemp?: string | undefined;
}): Promise<HiddenPaths | undefined> {
  const inHome =
    where.home && path.isAbsolute(where.home) && where.home !== "/"
      ? await existingPaths(HOME_CREDENTIAL_FILES.map((file) => path.join(where.home as string, file)))
      : [];
  const workDir = where.runnerWorkspace ? path.dirname(path.resolve(where.runnerWorkspace)) : undefined;
  const ofRunner =
    workDir && path.basename(workDir) === "_work"
      ? await existingPaths(RUNNER_CREDENTIAL_FILES.map((file) => path.join(path.dirname(workDir), file)))
      : [];
  const runnerTemp = where.runnerTemp && path.isAbsolute(where.runnerTemp) ? where.runnerTemp : undefined;
  const fileCommands = runnerTemp
    ? await existingPaths([path.join(runnerTemp, "_runner_file_commands")])
    : [];
  const stepScripts = runnerTemp ? await stepScriptsIn(runnerTemp) : [];
  const parts = [
    ...(inHome.length
      ? [`${inHome.length} credential file${inHome.length === 1 ? "" : "s"} of the runner's HOME`]
      : []),
    ...(ofRunner.length ? ["the runner's own credentials"] : []),
    ...(fileCommands.length ? ["the runner's file commands"] : []),
    ...(stepScripts.length ? [`the runner's step scripts (${stepScripts.length})`] : []),
  ];
  if (!parts.length) return undefined;
  return { paths: [...inHome, ...ofRunner, ...fileCommands, ...stepScripts], description: parts.join(", ") };
}

/**
 * The runner writes each `run:` step's script to RUNNER_TEMP as `<uuid>.<extension>` (ScriptHandler),
 * with its `${{ secrets.X }}` expressions already replaced by their values, 0644, and keeps it until
 * the job ends: every earlier step's script is there while ours runs.
 */
const STEP_SCRIPT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:sh|ps1|cmd|py)$/i;

async function stepScriptsIn(runnerTemp: string): Promise<string[]> {
  const entries = await readdir(runnerTemp, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && STEP_SCRIPT.test(entry.name))
    .map((entry) => path.join(runnerTemp, entry.name))
    .sort();
}
