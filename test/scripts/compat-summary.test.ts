import { execFileSync } from "node:child_process";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../harness/temp-dir.js";

const SCRIPT = path.resolve(fileURLToPath(import.meta.url), "../../../scripts/compat-summary.mjs");
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** vitest's JSON report shape (the fields the script reads). */
const report = (root: string) => ({
  startTime: Date.UTC(2026, 11, 2, 17, 0, 0),
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 0,
  testResults: [
    {
      name: path.join(root, "test/conformance/sigterm.test.ts"),
      status: "failed",
      assertionResults: [
        {
          ancestorTitles: ["SIGTERM (real 2.1.235)"],
          title: "emits a result",
          status: "failed",
          failureMessages: ["AssertionError: expected -1 to be greater than -1\n    at stack (x.ts:1:1)"],
        },
        {
          ancestorTitles: ["SIGTERM (real 2.1.235)"],
          title: "exits 143",
          status: "passed",
          failureMessages: [],
        },
      ],
    },
    {
      name: path.join(root, "test/conformance/api-retry.test.ts"),
      status: "passed",
      assertionResults: [{ ancestorTitles: [], title: "retries", status: "passed", failureMessages: [] }],
    },
  ],
});

const LOG = [
  "\u001b[31m FAIL  test/conformance/sigterm.test.ts > SIGTERM (real 2.1.235) > emits a result\u001b[39m",
  "AssertionError: expected -1 to be greater than -1",
  "",
  "- Expected",
  "+ Received",
  "- 2.1.235",
  "+ 2.1.332",
  " ❯ test/conformance/sigterm.test.ts:40:5",
  "     40|     expect(x).toBe(y);",
].join("\n");

describe("scripts/compat-summary.mjs", () => {
  it("lists every file with its counts and each failure with the diff from the reporter's log", async () => {
    dir = await makeTempDir("compat-summary");
    await writeFile(path.join(dir, "report.json"), JSON.stringify(report(dir)));
    await writeFile(path.join(dir, "run.log"), LOG);
    const out = execFileSync(
      process.execPath,
      [SCRIPT, "report.json", "run.log", "2.1.332", "2.1.332 (Claude Code)"],
      {
        cwd: dir,
        encoding: "utf8",
      },
    );
    expect(out).toContain(
      "Conformance suite against @anthropic-ai/claude-code@2.1.332 (claude --version: 2.1.332 (Claude Code))",
    );
    expect(out).toContain("2 passed, 1 failed, 0 skipped");
    // Sorted by file name, one line each.
    expect(out).toMatch(
      /PASS {2}api-retry\.test\.ts {2}\(1 passed, 0 failed\)\nFAIL {2}sigterm\.test\.ts {2}\(1 passed, 1 failed\)/,
    );
    expect(out).toContain("- sigterm.test.ts > SIGTERM (real 2.1.235) > emits a result");
    expect(out).toContain("    - 2.1.235\n    + 2.1.332");
    expect(out).not.toContain("❯"); // the code frame is left out
    expect(out).not.toContain("\u001b[");
  });

  it("says which argument is wrong instead of printing a half summary", async () => {
    dir = await makeTempDir("compat-summary");
    await writeFile(path.join(dir, "report.json"), "not json");
    await writeFile(path.join(dir, "run.log"), "");
    expect(() =>
      execFileSync(process.execPath, [SCRIPT, "report.json", "run.log", "2.1.332"], {
        cwd: dir,
        stdio: "pipe",
      }),
    ).toThrow(/the vitest report report\.json is not JSON/);
  });
});
