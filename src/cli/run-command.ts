import { writeFile } from "node:fs/promises";
import path from "node:path";
import { formatProgressEvent } from "../jobs/shared/format-progress-event.js";
import {
  builtInPolicy,
  isBuiltInPolicyName,
  loadPolicyFile,
  offeredBuiltInTools,
  PolicyFileError,
  RunnerConfigError,
  runSession,
  type SessionOptions,
  type ToolPolicy,
} from "../runner/index.js";
import { decideIsolation } from "../runner/isolation/isolation-decision.js";
import type { CliIo, Subcommand } from "./cli-io.js";
import { parseRunArguments, type RunArguments, runHelp } from "./parse-run-arguments.js";
import { UsageError } from "./usage-error.js";

/** `claude-pr-runner run`: one session, outcome JSON on stdout (or --out), exit 0/1/2. */
export const runCommand: Subcommand = {
  name: "run",
  summary: "Run one Claude Code session under a tool policy and print its outcome as JSON",
  async run(args, io) {
    let parsed: RunArguments;
    let options: SessionOptions;
    try {
      parsed = await parseRunArguments(args, io.cwd);
      if (parsed.help) {
        io.stdout.write(runHelp());
        return 0;
      }
      options = await sessionOptionsFrom(parsed, io);
    } catch (error) {
      return reportConfigError(error, io);
    }

    const session = runSession(options);
    const onSignal = () => {
      io.stderr.write("claude-pr-runner: interrupted; stopping the session\n");
      session.interrupt("interrupted by signal").catch(() => {});
      session.close();
    };
    if (io.handleSignals) {
      process.once("SIGINT", onSignal);
      process.once("SIGTERM", onSignal);
    }
    try {
      const outcome = await session.outcome;
      const json = `${JSON.stringify(outcome, null, 2)}\n`;
      if (parsed.out) await writeFile(parsed.out, json);
      else io.stdout.write(json);
      if (!parsed.quiet) {
        for (const reason of outcome.failureReasons) io.stderr.write(`claude-pr-runner: ${reason}\n`);
      }
      return outcome.exitCode;
    } catch (error) {
      return reportConfigError(error, io);
    } finally {
      if (io.handleSignals) {
        process.off("SIGINT", onSignal);
        process.off("SIGTERM", onSignal);
      }
    }
  },
};

async function sessionOptionsFrom(parsed: RunArguments, io: CliIo): Promise<SessionOptions> {
  const policy = await policyFrom(parsed, io.cwd);
  const options: SessionOptions = {
    prompt: parsed.prompt,
    cwd: parsed.cwd,
    policy,
    // The CLI offers the model only the built-in tools the policy can allow (docs/security.md).
    tools: offeredBuiltInTools(policy),
    sourceEnv: io.env,
    passSecrets: parsed.passSecrets,
    bare: parsed.bare,
    includePartialMessages: parsed.includePartialMessages,
  };
  if (parsed.jsonSchema !== undefined) options.jsonSchema = parsed.jsonSchema;
  if (parsed.model) options.model = parsed.model;
  if (parsed.provider) options.provider = parsed.provider;
  if (parsed.fallbackModel) options.fallbackModel = parsed.fallbackModel;
  if (parsed.maxTurns !== undefined) options.maxTurns = parsed.maxTurns;
  if (parsed.maxBudgetUsd !== undefined) options.maxBudgetUsd = parsed.maxBudgetUsd;
  if (parsed.timeoutSeconds !== undefined) options.deadlineMs = parsed.timeoutSeconds * 1000;
  if (parsed.appendSystemPrompt) options.appendSystemPrompt = parsed.appendSystemPrompt;
  if (parsed.claudePath) options.claudePath = parsed.claudePath;
  if (parsed.log) options.executionLogPath = parsed.log;
  if (!parsed.quiet) {
    options.onProgress = (event) => io.stderr.write(`[runner] ${formatProgressEvent(event)}\n`);
  }
  // Like `review`: the agent runs under its own uid when this process may switch users, so the
  // host's files and /proc/<host>/environ are closed to it whatever the policy allows; the session
  // is the user's own, so without a way to switch it runs as the host's user, and says so.
  const isolation = await decideIsolation({
    agentUser: parsed.agentUser,
    untrusted: false,
    onNoIsolation: "fail",
  });
  if (!parsed.quiet) io.stderr.write(`[runner] ${isolation.summary}\n`);
  if (isolation.kind === "separate-user") options.agentUser = isolation.user;
  // Edits come back to --cwd under a policy that can make them (autofix, or a policy file of yours).
  options.workspaceAccess =
    parsed.policy === "autofix" || !isBuiltInPolicyName(parsed.policy) ? "write" : "read";
  return options;
}

async function policyFrom(parsed: RunArguments, baseDir: string): Promise<ToolPolicy> {
  if (isBuiltInPolicyName(parsed.policy)) {
    return builtInPolicy(parsed.policy, {
      workspace: parsed.cwd,
      ...(parsed.testCommands ? { testCommands: parsed.testCommands } : {}),
    });
  }
  if (parsed.testCommands) throw new UsageError("--test-command only applies to --policy autofix");
  return loadPolicyFile(path.resolve(baseDir, parsed.policy), { workspace: parsed.cwd });
}

function reportConfigError(error: unknown, io: CliIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(
      `claude-pr-runner run: ${error.message}\nRun \`claude-pr-runner run --help\` for the options.\n`,
    );
    return 2;
  }
  if (error instanceof RunnerConfigError || error instanceof PolicyFileError) {
    io.stderr.write(`claude-pr-runner run: ${error.message}\n`);
    return 2;
  }
  throw error;
}
