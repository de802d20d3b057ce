import type { ChildProcess } from "node:child_process";

/**
 * Signals the child's whole process group (it is spawned detached, so it leads one): MCP servers and
 * shells it started go down with it. Hosts elsewhere have hung on children that outlive the turn.
 */
export class ProcessStopper {
  private timers: NodeJS.Timeout[] = [];
  private exited = false;

  constructor(
    private readonly child: ChildProcess,
    private readonly onStep: (step: "SIGTERM" | "SIGKILL") => void,
    /** For a group of another uid (the agent's user via sudo), which the host cannot signal itself. */
    private readonly privilegedSignal?: (pgid: number, signal: NodeJS.Signals) => void,
  ) {
    child.once("exit", () => {
      this.exited = true;
      this.cancel();
    });
  }

  signalGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    if (this.privilegedSignal) {
      this.privilegedSignal(pid, signal);
      return;
    }
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is already gone. Fall back to the child itself in case it was not a leader.
      try {
        this.child.kill(signal);
      } catch {}
    }
  }

  /** SIGTERM after `termAfterMs`, then SIGKILL `killAfterMs` later, unless the child exits first. */
  escalate(termAfterMs: number, killAfterMs: number): void {
    if (this.exited || this.timers.length) return;
    const term = setTimeout(() => {
      if (this.exited) return;
      this.onStep("SIGTERM");
      this.signalGroup("SIGTERM");
      const kill = setTimeout(() => {
        if (this.exited) return;
        this.onStep("SIGKILL");
        this.signalGroup("SIGKILL");
      }, killAfterMs);
      this.timers.push(kill);
    }, termAfterMs);
    this.timers.push(term);
  }

  cancel(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
  }
}
