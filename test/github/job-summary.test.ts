import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { summary } from "@actions/core";
import { afterEach, describe, expect, it } from "vitest";
import { renderJobSummary, writeJobSummary } from "../../src/github/job-summary.js";
import { finding, HEAD_SHA } from "./pr-fixture.js";

const report = {
  title: "Claude review",
  verdict: "Comment",
  findings: [
    finding({ path: "src/app.ts", startLine: 3, severity: "warning" as const, title: "Check this" }),
  ],
  reviewedSha: HEAD_SHA,
  totalCostUsd: 0.5,
  numTurns: 1,
  sessionId: "s-1",
};

let dir: string | undefined;
afterEach(async () => {
  delete process.env.GITHUB_STEP_SUMMARY;
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("job summary", () => {
  it("renders the verdict, facts and findings as Markdown", () => {
    const md = renderJobSummary(report);
    expect(md).toContain("## Claude review");
    expect(md).toContain("**Verdict:** Comment");
    expect(md).toContain("1 turn");
    expect(md).toContain("| 🟠 Warning | `src/app.ts:3` | bug | Check this |");
  });

  it("writes through @actions/core's summary into GITHUB_STEP_SUMMARY", async () => {
    dir = await mkdtemp(join(tmpdir(), "job-summary-"));
    const file = join(dir, "summary.md");
    await writeFile(file, "earlier step\n");
    process.env.GITHUB_STEP_SUMMARY = file;
    await writeJobSummary(report, summary);
    const written = await readFile(file, "utf8");
    expect(written.startsWith("earlier step\n")).toBe(true);
    expect(written).toContain("**Verdict:** Comment");
  });
});
