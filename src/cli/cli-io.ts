/** What a subcommand may touch, injectable so tests run the CLI in-process. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** When true the command installs SIGINT/SIGTERM handlers (only the real process does). */
  handleSignals?: boolean;
}

/** One `claude-pr-runner <name>` subcommand. Add new ones to `subcommands.ts`. */
export interface Subcommand {
  name: string;
  summary: string;
  /** Returns the exit code. */
  run(args: string[], io: CliIo): Promise<number>;
}
