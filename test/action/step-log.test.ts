import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logInfo } from "../../src/action/step-log.js";
import { OutputNeutraliser } from "../../src/github/neutralise-output.js";

/** What the runner would take as a command: a line that starts with `::` after .NET's TrimStart. */
function commandLines(written: string): string[] {
  return written.split(/\r\n|\r|\n/).filter((line) => line.replace(/^[\s\u0085]+/, "").startsWith("::"));
}

afterEach(() => vi.restoreAllMocks());

describe("logInfo", () => {
  it("writes file names a PR chose without letting them start a workflow command", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    // A fork can name a planted symlink anything but NUL and "/": newlines included.
    const names = ["x\n::set-output name=conclusion::success", "y\r\u0085::add-mask::ghs_", "z ##[error]w"];
    logInfo(`Removed symlinks that leave the fetched checkout: ${names.join(", ")}`);
    const out = written.join("");
    expect(out).toContain("set-output name=conclusion::success");
    expect(commandLines(out)).toEqual([]);
    expect(out).not.toContain("##[");
  });

  it("redacts with the neutraliser it is given", () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    logInfo("token s3cret-value-1", new OutputNeutraliser({ secrets: ["s3cret-value-1"] }));
    expect(written.join("")).toBe("token [REDACTED]\n");
  });
});

// One sink for plain log lines: any other `core.info`, `core.debug`, `console.*` or direct stdout
// write could carry a name or a text from the PR into a line the runner reads as a command.
describe("the step log", () => {
  it("is written only through logInfo (annotations escape their own text)", async () => {
    const entries = await readdir("src", { recursive: true, withFileTypes: true });
    const offenders: string[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const file = join(entry.parentPath, entry.name);
      if (file === join("src", "action", "step-log.ts")) continue;
      const source = await readFile(file, "utf8");
      source.split("\n").forEach((line, index) => {
        if (/\bcore\.(info|debug)\(|\bconsole\.(log|info|debug)\(|process\.stdout\.write\(/.test(line))
          offenders.push(`${file}:${index + 1}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
