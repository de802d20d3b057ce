import { mkdir, mkdtemp, realpath, rm, stat } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { cliInvocationFromArgv, FlagRuleError, validateCliInvocation } from "../protocol/index.js";
import { buildAgentEnvironment } from "./agent-environment.js";
import { ancestorAgentFileExcludes } from "./ancestor-agent-files.js";
import { buildClaudeArgv } from "./build-claude-argv.js";
import { type CompiledOutputSchema, compileOutputSchema } from "./compile-output-schema.js";
import type { PinnedAgentConfig } from "./isolation/agent-config.js";
import {
  type AgentFiles,
  handOverToAgent,
  letAgentReachExecutable,
  writeAgentGitConfig,
} from "./isolation/agent-files.js";
import { type AgentMounts, planAgentMounts } from "./isolation/agent-mounts.js";
import { type AgentNetwork, LOCAL_SOCKET_DIRS, planAgentNetwork } from "./isolation/agent-network.js";
import { agentSearchPath } from "./isolation/agent-search-path.js";
import type { AgentUser } from "./isolation/agent-user.js";
import { type AgentWorkspace, makeAgentWorkspace, moveTranscripts } from "./isolation/agent-workspace.js";
import { type BashSandboxPlan, planBashSandbox } from "./isolation/bash-sandbox.js";
import { checkoutCredentialPaths, combineHiddenPaths } from "./isolation/checkout-credential-paths.js";
import { type ClosedSource, closeSourceCredentials } from "./isolation/close-source-checkout.js";
import { environmentCredentialPaths } from "./isolation/environment-credential-files.js";
import { type HostCommands, systemHostCommands } from "./isolation/host-commands.js";
import { runnerCredentialPaths } from "./isolation/runner-credential-paths.js";
import { mergeRunnerSettings } from "./merge-runner-settings.js";
import { providerFromEnvironment } from "./model-gateway.js";
import { isModelProvider, type ModelProvider, modelIdFor } from "./model-provider.js";
import { offeredBuiltInTools } from "./policy/offered-tools.js";
import { openCodeAllowedBy } from "./policy/open-code.js";
import type { ToolPolicy } from "./policy/tool-policy.js";
import { resolveClaudePath } from "./resolve-claude-path.js";
import { RunnerConfigError } from "./runner-config-error.js";
import { SecretRedactor } from "./secret-redactor.js";
import type { SessionOptions } from "./session-options.js";

/** Everything checked and computed before spawning; any problem is a RunnerConfigError. */
export interface PreparedSession {
  claudePath: string;
  argv: string[];
  env: Record<string, string>;
  /** The agent's own copy of the door's checkout: its cwd and the root of the policy's path rules. */
  cwd: string;
  /** The door's checkout (real path), which the agent never works in. */
  sourceCwd: string;
  policy: ToolPolicy;
  outputSchema?: CompiledOutputSchema;
  redactor: SecretRedactor;
  /** Temp root to remove afterwards (holds HOME, and CLAUDE_CONFIG_DIR unless one was given). */
  tempRoot: string;
  /** The user the CLI runs as, when not the host's. */
  agentUser?: AgentUser;
  /** Set when the agent runs as its own user: hand its files back before reading them. */
  agentFiles?: AgentFiles;
  /** The agent's own /tmp, /var/tmp and /dev/shm (under tempRoot) and the runner's hidden dirs, made by its launch. */
  agentMounts?: AgentMounts;
  /** Its own network namespace (the model API by the proxy's socket), or why it keeps the host's. */
  agentNetwork?: AgentNetwork;
  /** Which OS-level confinement this session got, for the log (see docs/security.md). */
  confinement: string;
  /** Where the model runs; model ids in argv are already that provider's. */
  provider: ModelProvider;
  /** What the host sees (its environment plus the session's extra variables): the credentials' source. */
  hostEnv: Record<string, string | undefined>;
  /** Settings of the checkout's git config that the agent's copy left out (names only). */
  keptOutOfCopy: string[];
  /** Credentials files an earlier step left at the checkout's root, which the agent's copy left out. */
  credentialFilesLeftOut: string[];
  /** PATH entries the agent's environment left out (agent-search-path.ts), as written. */
  searchPathLeftOut: string[];
  /** What SessionOptions.agentConfigFrom changed in the agent's copy. */
  agentConfig?: PinnedAgentConfig;
  /**
   * After the session: the agent's files handed back, its edits applied to the door's checkout
   * (write access), transcripts filed under the door's checkout again, and what was closed to the
   * agent reopened. Never throws: a step that fails is a note, and edits that did not come back
   * are a failure of the session (the job must not read a checkout without them).
   */
  finish(): Promise<{ notes: string[]; failures: string[]; editsLeftOut: string[] }>;
}

export async function prepareSession(options: SessionOptions): Promise<PreparedSession> {
  if (typeof options.prompt !== "string" || options.prompt.trim() === "") {
    throw new RunnerConfigError("the prompt is empty", "prompt");
  }
  const cwd = path.resolve(options.cwd);
  const cwdStat = await stat(cwd).catch(() => undefined);
  if (!cwdStat?.isDirectory())
    throw new RunnerConfigError(`the working directory ${cwd} does not exist`, "cwd");
  const sourceCwd = await realpath(cwd);

  const source = options.sourceEnv;
  const hostEnv = { ...source, ...options.env };
  // The CLI starts bwrap, socat, git and more through PATH itself, as does a root host's launch: no
  // entry may name the checkout or what the agent can write (agent-search-path.ts).
  const searchPath = agentSearchPath(hostEnv.PATH ?? "", [sourceCwd]);
  if (options.provider !== undefined && !isModelProvider(options.provider)) {
    throw new RunnerConfigError(
      `unknown provider "${String(options.provider)}"; use anthropic, anthropic-oauth, bedrock, vertex or foundry`,
      "provider",
    );
  }
  const provider = options.provider ?? providerFromEnvironment(hostEnv);
  const models = {
    ...(options.model ? { model: modelIdFor(provider, options.model) } : {}),
    ...(options.fallbackModel
      ? { fallbackModel: modelIdFor(provider, options.fallbackModel, "fallbackModel") }
      : {}),
  };
  const outputSchema =
    options.jsonSchema === undefined ? undefined : await compileOutputSchema(options.jsonSchema);
  const claudePath = options.claudePath ? path.resolve(options.claudePath) : resolveClaudePath();
  const sandboxed = options.bashSandbox && !options.withoutBash;
  // The door's checkout credentials, the credential files of the runner's user and of the runner, and
  // those the environment names (what an earlier step's login exported): the sandbox hides them from
  // an agent on the host's own user, and closeSourceCredentials (below) closes them by mode to an
  // agent with a user of its own. One the environment names inside the checkout is also left out of
  // the agent's copy.
  const namedByEnvironment = await environmentCredentialPaths(hostEnv);
  const runnerCredentials =
    sandboxed || options.agentUser
      ? combineHiddenPaths(
          await runnerCredentialPaths({
            home: homedir(),
            runnerWorkspace: hostEnv.RUNNER_WORKSPACE,
            runnerTemp: hostEnv.RUNNER_TEMP,
          }),
          namedByEnvironment,
        )
      : undefined;
  const hidden =
    sandboxed && !options.agentUser
      ? combineHiddenPaths(await checkoutCredentialPaths(sourceCwd, homedir(), hostEnv), runnerCredentials)
      : undefined;
  if (sandboxed && options.agentUser) {
    // The sandbox's probe runs the CLI as the agent's uid: it must reach it first.
    const executable = await stat(claudePath).catch(() => undefined);
    if (executable?.isFile()) await letAgentReachExecutable(claudePath, systemHostCommands());
  }
  const sandbox = sandboxed
    ? await planBashSandbox(
        options.bashSandbox as NonNullable<SessionOptions["bashSandbox"]>,
        options.agentUser,
        searchPath.path,
        !options.agentUser || options.workspaceAccess === "write",
        undefined,
        claudePath,
        hidden,
      )
    : undefined;
  if (options.bashSandbox?.required && !sandbox?.enabled) {
    throw new RunnerConfigError(`the Bash sandbox is required: ${sandbox?.summary}`, "bashSandbox");
  }
  // Without Bash (withoutBash) no rule can run anything.
  const openCode =
    options.bashSandbox?.requiredForOpenCode && !options.withoutBash && !sandbox?.enabled
      ? openCodeAllowedBy(options.policy)
      : [];
  if (openCode.length > 0) {
    throw new RunnerConfigError(
      `the agent would share this host's user, and rules ${openCode.join(", ")} let it run code the policy cannot see into (test commands, any command line), which could read the host's processes and files; that needs the Bash sandbox, and ${sandbox?.summary}. Give the agent a user of its own (root or passwordless sudo), install bubblewrap and socat where user namespaces are allowed, or leave Bash out of allowed_tools`,
      "bashSandbox",
    );
  }
  // On the host's own user the sandbox confines the agent's commands, not the CLI, which reads a
  // directory's CLAUDE.md, CLAUDE.local.md, .claude/CLAUDE.md and .claude/skills itself, as that user,
  // when the agent reads a file there, following a link to any file (2.1.235; not bare). Code the agent
  // runs can leave such links in its copy, so the CLI loads no project configuration there, as for a
  // fork's job (test/red-team/same-user-checkout-credentials.test.ts).
  const configurationOff =
    !options.agentUser &&
    sandbox?.enabled === true &&
    !options.bare &&
    openCodeAllowedBy(options.policy).length > 0;
  const argvOptions = configurationOff ? { ...options, bare: true } : options;

  const claudeStat = await stat(claudePath).catch(() => undefined);
  if (!claudeStat?.isFile())
    throw new RunnerConfigError(`the claude executable ${claudePath} does not exist`, "claudePath");

  const tempRoot = options.workRoot
    ? await emptyPrivateDir(path.resolve(options.workRoot))
    : await mkdtemp(path.join(tmpdir(), "claude-pr-runner-"));
  // What a failed step below leaves behind is undone, last first: nothing of the session (the copy
  // of the checkout, files handed to the agent user, credentials closed by mode) outlives it.
  const undo: Array<() => Promise<unknown>> = [() => rm(tempRoot, { recursive: true, force: true })];
  try {
    const home = path.join(tempRoot, "home");
    const configDir = options.configDir ? path.resolve(options.configDir) : path.join(tempRoot, "config");
    await mkdir(home, { recursive: true });
    await mkdir(configDir, { recursive: true });

    const env = buildAgentEnvironment({
      source,
      home,
      configDir,
      ...(options.env ? { extra: options.env } : {}),
      ...(options.passSecrets ? { passSecrets: options.passSecrets } : {}),
    });
    // The CLI keeps its working files in $TMPDIR/claude-<uid>. A TMPDIR shared with the host would be
    // shared with every later session there too (a self-hosted runner's next job, a warm Lambda's next
    // invocation) and with any local user who creates that directory first, which stops the CLI. Each
    // session gets its own, removed with tempRoot.
    const tmp = path.join(tempRoot, "tmp");
    await mkdir(tmp, { mode: 0o700 });
    env.TMPDIR = tmp;
    env.PATH = searchPath.path;
    // Redact everything secret-looking the host can see, not only what the agent got.
    const redactor = SecretRedactor.fromEnvironment({ ...source, ...options.env });

    const user = options.agentUser;
    // `write` (autofix): the agent's edits come back to the checkout. `read`: they never do, and under
    // the agent's own uid the kernel also refuses them (the copy is the host's, hard-linked).
    const access = options.workspaceAccess ?? "read";
    let workspace: AgentWorkspace;
    try {
      workspace = await makeAgentWorkspace({
        source: sourceCwd,
        into: path.join(tempRoot, "workspace"),
        access,
        shareInodes: user !== undefined && access === "read",
        hostEnv,
        leaveOut: namedByEnvironment?.paths ?? [],
        ...(options.agentConfigFrom === undefined ? {} : { agentConfigFrom: options.agentConfigFrom }),
      });
    } catch (error) {
      throw new RunnerConfigError(
        `could not make the agent's own copy of ${cwd}: ${(error as Error).message}`,
        "workspace",
      );
    }
    const agentCwd = await realpath(workspace.dir);
    // Built once the working directory is known: the CLI leaves out the agent files above it.
    const argv = await sessionArgv(
      argvOptions,
      models,
      sandbox,
      outputSchema,
      [workspace.dir, agentCwd],
      searchPath.path,
    );
    // Before the hand-over: afterwards the config dir is the agent's (0700), which a sudo host cannot enter.
    await moveTranscripts(configDir, sourceCwd, agentCwd);
    const host = systemHostCommands();
    const policy = withRunnerRules(options, outputSchema).rootedAt(agentCwd);
    const agentNetwork = planAgentNetwork({
      user,
      sessionRoot: tempRoot,
      credentialProxy: options.credentialProxy !== false,
      allowedDomains: sandboxed ? (options.bashSandbox?.allowedDomains ?? []) : [],
      offeredTools: offeredBuiltInTools(policy),
      mcpServers: options.mcpConfig !== undefined && options.mcpConfig.length > 0,
    });
    // In the agent's own namespace, the shared temp dirs are its own, under tempRoot: what it
    // leaves there goes with the session, and what other jobs left there is out of its sight. The
    // runner user's HOME and the runner's directories (its install, other repositories' work
    // directories, RUNNER_TEMP) are empty to it: what they hold that the OS leaves readable is not
    // only what the credential lists name.
    const agentMounts = user?.pidNamespace?.contained
      ? await planAgentMounts(tempRoot, {
          needed: [
            configDir,
            ...(options.addDirs ?? []),
            path.dirname(claudePath),
            path.dirname(await realpath(claudePath)),
          ],
          // With no network of its own to resolve names for, the host's local sockets go too.
          hidden: [...runnerDirectories(hostEnv), ...(agentNetwork?.own ? LOCAL_SOCKET_DIRS : [])],
          workDir: agentCwd,
        })
      : undefined;
    const agentFiles = user
      ? await handOverSessionFiles(
          user,
          host,
          { tmp, home, configDir, cwd: agentCwd, env, claudePath, shared: agentMounts?.dirs ?? [] },
          access,
        )
      : undefined;
    // First undone: a sudo host cannot remove what the agent user owns until it is handed back.
    if (agentFiles) undo.unshift(() => agentFiles.reclaim());
    let closedSource: ClosedSource | undefined;
    if (user) {
      try {
        closedSource = await closeSourceCredentials(
          sourceCwd,
          user,
          host,
          homedir(),
          hostEnv,
          runnerCredentials?.paths,
          claudePath,
        );
        const reopen = closedSource;
        undo.unshift(() => reopen.restore());
      } catch (error) {
        throw new RunnerConfigError(
          `could not close the checkout's and the runner's credentials to the agent user ${user.name}: ${(error as Error).message}`,
          "agentUser",
        );
      }
    }
    const confinement = [
      user
        ? `user ${user.name} (uid ${user.uid}), own copy of the workspace (${access === "write" ? "writable" : "read-only"})`
        : "host user, own copy of the workspace",
      ...(user?.pidNamespace
        ? [
            user.pidNamespace.contained
              ? "own PID namespace"
              : `no own PID namespace (${user.pidNamespace.reason})`,
          ]
        : []),
      ...(agentMounts?.ownTemp.length
        ? [`own ${listed(agentMounts.ownTemp)}, removed with the session`]
        : []),
      ...(agentMounts?.hidden.length ? [`${listed(agentMounts.hidden)} hidden`] : []),
      ...(agentNetwork ? [agentNetwork.summary] : []),
      // What its uid could read of the checkout's and the runner's credentials, closed by mode.
      ...(closedSource?.closed.length
        ? [
            `${closedSource.closed.length} credential path${closedSource.closed.length === 1 ? "" : "s"} it could read, closed for the session`,
          ]
        : []),
      options.withoutBash ? "no Bash" : (sandbox?.summary ?? "Bash sandbox: off"),
      ...(configurationOff
        ? [
            "no project configuration (CLAUDE.md, skills, hooks): the CLI would read links its commands leave as the host's user",
          ]
        : []),
    ].join(" · ");

    const finish = async (): Promise<{ notes: string[]; failures: string[]; editsLeftOut: string[] }> => {
      const notes: string[] = [];
      const failures: string[] = [];
      const step = async (what: string, work: () => Promise<unknown>, into = notes) => {
        await work().catch((error: Error) => into.push(`${what}: ${error.message}`));
      };
      await step("the agent's files were not handed back", async () => agentFiles?.reclaim());
      await step(
        "the agent's edits were not brought back to the checkout",
        async () => {
          const changed = await workspace.returnEdits();
          if (changed.length > 0) notes.push(`brought the agent's edits back: ${changed.join(", ")}`);
          if (workspace.editsLeftOut.length > 0)
            notes.push(
              `left out of the agent's edits: ${workspace.editsLeftOut.join(", ")} (they decide which programs the host's git runs)`,
            );
        },
        failures,
      );
      await step("transcripts were not filed back", () => moveTranscripts(configDir, agentCwd, sourceCwd));
      await step("the checkout's credentials were not reopened", async () => closedSource?.restore());
      return { notes, failures, editsLeftOut: workspace.editsLeftOut };
    };
    // Where the agent's workspace really is, fixed before the agent runs (it may own that directory).
    await policy.pinRoot();
    return {
      claudePath,
      argv,
      env,
      cwd: agentCwd,
      sourceCwd,
      keptOutOfCopy: workspace.keptOut,
      credentialFilesLeftOut: workspace.credentialFilesLeftOut,
      searchPathLeftOut: searchPath.leftOut,
      ...(workspace.agentConfig ? { agentConfig: workspace.agentConfig } : {}),
      finish,
      policy,
      redactor,
      tempRoot,
      ...(user ? { agentUser: user } : {}),
      confinement,
      ...(agentFiles ? { agentFiles } : {}),
      ...(agentMounts ? { agentMounts } : {}),
      ...(agentNetwork ? { agentNetwork } : {}),
      provider,
      hostEnv,
      ...(outputSchema ? { outputSchema } : {}),
    };
  } catch (error) {
    for (const step of undo) await step().catch(() => {});
    throw error;
  }
}

/**
 * The CLI's argv for this session: the runner's settings merged with the Bash sandbox's, Bash taken
 * away when asked, models already the provider's ids; checked by the protocol's flag rules (the same
 * checks the CLI runs at start-up) so a bad combination fails before anything is spawned.
 */
async function sessionArgv(
  options: SessionOptions,
  models: { model?: string; fallbackModel?: string },
  sandbox: BashSandboxPlan | undefined,
  outputSchema: CompiledOutputSchema | undefined,
  /** The agent's working directory, as spelled and as it really is. */
  workingDirectories: string[],
  /** The agent's PATH (agent-search-path.ts). */
  searchPath: string,
): Promise<string[]> {
  const settingsJson = await mergeRunnerSettings(
    options.settings,
    sandbox?.enabled ? sandbox.settings : {},
    ancestorAgentFileExcludes(...workingDirectories),
    searchPath,
  );
  const disallowedTools = options.withoutBash
    ? [...(options.disallowedTools ?? []), "Bash"]
    : options.disallowedTools;
  const argv = buildClaudeArgv({
    settingsJson,
    ...(disallowedTools ? { disallowedTools } : {}),
    ...models,
    ...pick(options, [
      "maxTurns",
      "maxBudgetUsd",
      "tools",
      "allowedTools",
      "permissionMode",
      "appendSystemPrompt",
      "addDirs",
      "effort",
      "mcpConfig",
      "bare",
      "includePartialMessages",
      "resume",
    ]),
    ...(outputSchema ? { jsonSchema: outputSchema.schema } : {}),
  });
  try {
    // The argv really spawned, read back: no `-p`, and the pipes put the CLI in print mode.
    await validateCliInvocation(cliInvocationFromArgv(argv, { terminal: false }));
  } catch (error) {
    if (error instanceof FlagRuleError) throw new RunnerConfigError(error.message, error.rule);
    throw error;
  }

  return argv;
}

/** The session's policy plus the runner's own rules: its StructuredOutput tool, and no Bash when asked. */
function withRunnerRules(
  options: SessionOptions,
  outputSchema: CompiledOutputSchema | undefined,
): ToolPolicy {
  const rules = [
    ...(outputSchema
      ? [{ id: "runner:structured-output", effect: "allow" as const, tools: ["StructuredOutput"] }]
      : []),
    ...(options.withoutBash
      ? [
          {
            id: "isolation:no-bash",
            effect: "deny" as const,
            tools: ["Bash"],
            message: "Bash is off for this job: the agent cannot be isolated from the host here.",
          },
        ]
      : []),
  ];
  return rules.length ? options.policy.withRules(rules) : options.policy;
}

/**
 * Gives the agent user its own temp dir, git config, HOME and config dir (and the workspace, read or
 * write), and names it in its environment; a failure is the session's configuration error.
 */
async function handOverSessionFiles(
  user: AgentUser,
  host: HostCommands,
  dirs: {
    tmp: string;
    home: string;
    configDir: string;
    cwd: string;
    env: Record<string, string>;
    claudePath: string;
    /** Its own /tmp, /var/tmp and /dev/shm, private like its temp dir. */
    shared: string[];
  },
  workspaceAccess: SessionOptions["workspaceAccess"],
): Promise<AgentFiles> {
  const { tmp } = dirs;
  await writeAgentGitConfig(dirs.home, dirs.cwd);
  Object.assign(dirs.env, { USER: user.name, LOGNAME: user.name });
  try {
    return await handOverToAgent({
      user,
      host,
      privateDirs: [dirs.home, dirs.configDir, tmp, ...dirs.shared],
      workspace: dirs.cwd,
      workspaceAccess: workspaceAccess ?? "read",
      executable: dirs.claudePath,
    });
  } catch (error) {
    throw new RunnerConfigError(
      `could not hand the session's files to the agent user ${user.name}: ${(error as Error).message}`,
      "agentUser",
    );
  }
}

/**
 * The runner user's HOME, and where the runner keeps its install (the parent of its `_work`), work
 * directories and step files: none of it is the agent's business.
 */
function runnerDirectories(hostEnv: Record<string, string | undefined>): string[] {
  const workspace = hostEnv.RUNNER_WORKSPACE ? path.resolve(hostEnv.RUNNER_WORKSPACE) : undefined;
  return [
    homedir(),
    ...(workspace ? [path.dirname(path.dirname(workspace))] : []),
    ...(hostEnv.RUNNER_TEMP ? [path.resolve(hostEnv.RUNNER_TEMP)] : []),
  ];
}

/** "/tmp, /var/tmp and /dev/shm". */
function listed(items: string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : (items[0] ?? "");
}

function pick<T extends object, K extends keyof T>(source: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/** `dir` emptied of any earlier session's files and made again, private to this user. */
async function emptyPrivateDir(dir: string): Promise<string> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}
