import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { ProcessStopper } from "../../src/runner/process-stopper.js";

describe("ProcessStopper with a privileged signaller (the agent's user via sudo)", () => {
  it("signals the group through it, not with the host's own kill", async () => {
    const child = spawn("sleep", ["30"], { detached: true, stdio: "ignore" });
    await once(child, "spawn");
    const sent: Array<[number, string]> = [];
    const stopper = new ProcessStopper(
      child,
      () => {},
      (pgid, signal) => {
        sent.push([pgid, signal]);
        // Stands in for `sudo kill`: only this path may deliver the signal.
        if (signal === "SIGKILL") process.kill(-pgid, signal);
      },
    );
    stopper.signalGroup("SIGTERM");
    expect(child.exitCode).toBeNull();
    const exited = once(child, "exit");
    stopper.signalGroup("SIGKILL");
    const [, signal] = await exited;
    expect(signal).toBe("SIGKILL");
    expect(sent).toEqual([
      [child.pid, "SIGTERM"],
      [child.pid, "SIGKILL"],
    ]);
  });
});
