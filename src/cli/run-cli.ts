import type { CliIo } from "./cli-io.js";
import { subcommands } from "./subcommands.js";

export function topLevelHelp(): string {
  const width = Math.max(...subcommands.map((c) => c.name.length));
  return [
    "Usage: claude-pr-runner <command> [options]",
    "",
    "Drive the Claude Code CLI in print mode under a tool policy and report a typed outcome.",
    "",
    "Commands:",
    ...subcommands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "Run `claude-pr-runner <command> --help` for the options of a command.",
    "",
  ].join("\n");
}

/** Dispatches argv to a subcommand; returns the process exit code (2 for usage errors). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    io.stdout.write(topLevelHelp());
    return name === undefined ? 2 : 0;
  }
  const command = subcommands.find((c) => c.name === name);
  if (!command) {
    io.stderr.write(`claude-pr-runner: unknown command "${name}"\n\n${topLevelHelp()}`);
    return 2;
  }
  return command.run(rest, io);
}
