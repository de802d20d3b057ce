import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireSessionSlot, slotBase } from "../../src/runner/session-slot.js";

// Fixed, private session directories (so the CLI's prompt repeats byte for byte across runs), on the
// real filesystem: one holder per slot, emptied before use, and never a directory someone else set up.

let temp: string;
beforeEach(() => {
  temp = mkdtempSync(join(tmpdir(), "slot-test-"));
});
afterEach(() => rmSync(temp, { recursive: true, force: true }));

describe("acquireSessionSlot", () => {
  it("the same fixed, private, empty directory run after run; a second holder at once gets the next slot", async () => {
    const first = await acquireSessionSlot({ tempDir: temp });
    expect(first).toMatchObject({ dir: join(slotBase(temp), "slot-0"), stable: true });
    expect(statSync(first.dir).mode & 0o777).toBe(0o700);
    expect(statSync(slotBase(temp)).mode & 0o777).toBe(0o700);
    writeFileSync(join(first.dir, "left-by-the-agent"), "x");
    const second = await acquireSessionSlot({ tempDir: temp });
    expect(second.dir).toBe(join(slotBase(temp), "slot-1"));
    await first.release();
    await second.release();
    expect(existsSync(first.dir)).toBe(false);
    const again = await acquireSessionSlot({ tempDir: temp });
    expect(again.dir).toBe(first.dir);
    expect(readdirSync(again.dir)).toEqual([]);
    await again.release();
  });

  it("a preferred slot is taken when free; when held, or not a slot number, the lowest free one is", async () => {
    const preferred = await acquireSessionSlot({ tempDir: temp, prefer: 3 });
    expect(preferred).toMatchObject({ dir: join(slotBase(temp), "slot-3"), index: 3 });
    const held = await acquireSessionSlot({ tempDir: temp, prefer: 3 });
    expect(held.index).toBe(0);
    for (const prefer of [-1, 8, 1.5, Number.NaN]) {
      const slot = await acquireSessionSlot({ tempDir: temp, prefer });
      expect(slot.dir, String(prefer)).toBe(join(slotBase(temp), "slot-1"));
      await slot.release();
    }
    await Promise.all([preferred.release(), held.release()]);
  });

  it("a slot whose holder died is taken over, and emptied of what that run left", async () => {
    const base = slotBase(temp);
    mkdirSync(join(base, "slot-0.lock"), { recursive: true, mode: 0o700 });
    chmodSync(base, 0o700);
    // A pid that cannot be alive (beyond pid_max).
    writeFileSync(join(base, "slot-0.lock", "pid"), "4194305");
    mkdirSync(join(base, "slot-0"), { mode: 0o700 });
    writeFileSync(join(base, "slot-0", "stale"), "x");
    const slot = await acquireSessionSlot({ tempDir: temp });
    expect(slot.dir).toBe(join(base, "slot-0"));
    expect(readdirSync(slot.dir)).toEqual([]);
    await slot.release();
  });

  it("a base planted as a link, or others may list or write, is never used: a random private temp dir instead", async () => {
    const elsewhere = join(temp, "attacker");
    mkdirSync(elsewhere, { mode: 0o700 });
    symlinkSync(elsewhere, slotBase(temp));
    const linked = await acquireSessionSlot({ tempDir: temp });
    expect(linked.stable).toBe(false);
    expect(linked.dir.startsWith(join(temp, "cpr-session-"))).toBe(true);
    expect(readdirSync(elsewhere)).toEqual([]);
    await linked.release();

    rmSync(slotBase(temp));
    mkdirSync(slotBase(temp), { mode: 0o755 });
    chmodSync(slotBase(temp), 0o755);
    const open = await acquireSessionSlot({ tempDir: temp });
    expect(open.stable).toBe(false);
    await open.release();
    expect(existsSync(open.dir)).toBe(false);
  });
});
