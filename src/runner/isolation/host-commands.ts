import { execFile } from "node:child_process";
import { systemToolsEnvironment } from "./agent-search-path.js";

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs helper commands (getent, useradd, chown, sudo) for setting up the agent's user. Injectable so
 * the decision logic can be tested for hosts this machine is not (no root, no sudo).
 */
export interface HostCommands {
  /** True when this process may switch users itself (effective uid 0). */
  readonly isRoot: boolean;
  readonly uid: number;
  readonly gid: number;
  run(command: string, args: readonly string[]): Promise<CommandResult>;
}

export function systemHostCommands(): HostCommands {
  const uid = process.getuid?.() ?? -1;
  const gid = process.getgid?.() ?? -1;
  return {
    isRoot: uid === 0,
    uid,
    gid,
    run: (command, args) =>
      new Promise((resolve) => {
        // stdin closed: a sudo that wants a password must fail at once, never wait for one.
        const child = execFile(
          command,
          [...args],
          { timeout: 30_000, env: systemToolsEnvironment() },
          (error, stdout, stderr) => {
            const code =
              error === null ? 0 : typeof error.code === "number" ? error.code : error.code ? 127 : 1;
            resolve({ code, stdout, stderr: stderr || (error && !stderr ? error.message : "") });
          },
        );
        child.stdin?.end();
      }),
  };
}
