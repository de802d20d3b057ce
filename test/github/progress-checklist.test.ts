import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ProgressChecklist } from "../../src/github/progress-checklist.js";

const MILESTONES = [
  { id: "checkout", label: "Checkout" },
  { id: "session", label: "Session started" },
  { id: "reading", label: "Reading" },
];

describe("ProgressChecklist", () => {
  let writes: string[];
  let clock: number;
  beforeEach(() => {
    vi.useFakeTimers();
    writes = [];
    clock = 0;
  });
  afterEach(() => vi.useRealTimers());

  const checklist = (write?: (body: string) => Promise<void>, log?: (line: string) => void) =>
    new ProgressChecklist({
      title: "Claude review: working…",
      milestones: MILESTONES,
      minIntervalMs: 3_000,
      now: () => clock,
      write:
        write ??
        (async (body) => {
          writes.push(body);
        }),
      ...(log ? { log } : {}),
    });
  const advance = async (ms: number) => {
    clock += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  it("renders done, under-way and pending steps, earlier steps done once a later one starts", () => {
    const progress = checklist();
    progress.active("session", "starting");
    expect(progress.render()).toBe(
      [
        "## Claude review: working…",
        "",
        "- [x] Checkout",
        "- [ ] Session started ⏳: starting",
        "- [ ] Reading",
      ].join("\n"),
    );
  });

  it("changes in one go are one edit; later ones wait for the interval and go out as the latest state only", async () => {
    const progress = checklist();
    progress.active("checkout");
    progress.done("checkout", "trusted");
    await advance(0);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain("- [x] Checkout: trusted");

    progress.active("session");
    progress.done("session", "model m");
    progress.detail("reading", "1 file read");
    progress.detail("reading", "2 files read");
    await advance(2_999);
    expect(writes).toHaveLength(1);
    await advance(1);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toContain("- [ ] Reading: 2 files read");
    expect(writes[1]).not.toContain("1 file read");
  });

  it("stop() ends the edits: nothing pending goes out after it", async () => {
    const progress = checklist();
    progress.active("checkout");
    await advance(0);
    progress.active("session");
    await progress.stop();
    await advance(10_000);
    expect(writes).toHaveLength(1);
  });

  it("fail() writes at once after the pacing interval, with the step under way marked and the reason", async () => {
    const progress = checklist();
    progress.active("checkout");
    await advance(0);
    progress.active("session");
    const failed = progress.fail("the model API answered 529");
    await advance(3_000);
    await failed;
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(
      [
        "## Claude review: failed",
        "",
        "- [x] Checkout",
        "- [ ] Session started ❌",
        "- [ ] Reading",
        "",
        "**Failed:** the model API answered 529",
      ].join("\n"),
    );
    progress.done("reading");
    await advance(10_000);
    expect(writes).toHaveLength(2);
  });

  it("a failed edit is logged and never thrown; the next change is written again", async () => {
    const logged: string[] = [];
    let fail = true;
    const progress = checklist(
      async (body) => {
        if (fail) throw new Error("HTTP 502");
        writes.push(body);
      },
      (line) => logged.push(line),
    );
    progress.active("checkout");
    await advance(0);
    expect(logged).toEqual(["progress comment not updated: HTTP 502"]);
    fail = false;
    progress.active("session");
    await advance(3_000);
    expect(writes).toHaveLength(1);
    expect(writes[0]).toContain("Session started ⏳");
  });

  it("an unknown milestone is a programming error, said at once", () => {
    expect(() => checklist().active("nope")).toThrow('unknown progress milestone "nope"');
    expect(() => checklist().detail("nope", "x")).toThrow('unknown progress milestone "nope"');
  });
});
