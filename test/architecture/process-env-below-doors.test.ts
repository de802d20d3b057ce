import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countProcessEnvReads, countProcessEnvReadsInFile } from "./process-env-reads.js";

// Configuration is read once, at the doors (src/action, src/cli, lambda/*). Everything below takes
// typed options, so no module in these folders may read the process environment.
const belowTheDoors = [
  "src/protocol",
  "src/findings",
  "src/sandbox",
  "src/runner",
  "src/engines",
  "src/sessions",
  "src/github",
  "src/jobs",
];

// Reviewed exceptions, file → number of reads. This list only shrinks: a new read fails the test,
// and so does a listed read that was removed (delete its line).
const knownReads: Record<string, number> = {
  // The git child inherits the runner's environment plus pager/prompt overrides.
  "src/jobs/shared/git-checkout.ts": 1,
  // Default host environment of a session whose caller passes no sourceEnv (the jobs do not yet).
  "src/runner/prepare-session.ts": 1,
};

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("process.env below the doors", () => {
  it("is read only where the reviewed list says, and exactly that often", async () => {
    const found: Record<string, number> = {};
    for (const folder of belowTheDoors) {
      for (const file of await sourcesUnder(folder)) {
        const reads = await countProcessEnvReadsInFile(file);
        if (reads > 0) found[file] = reads;
      }
    }
    expect(found).toEqual(knownReads);
  });
});

describe("countProcessEnvReads", () => {
  it("finds every way of reading the environment", () => {
    expect(countProcessEnvReads("const a = process.env.HOME;")).toBe(1);
    expect(countProcessEnvReads('const a = process["env"];')).toBe(1);
    expect(countProcessEnvReads("const { env, argv } = process;")).toBe(1);
    expect(countProcessEnvReads('import { env } from "node:process";')).toBe(1);
    expect(countProcessEnvReads('import { env as e } from "process";')).toBe(1);
    expect(countProcessEnvReads('import proc from "node:process";\nconst a = proc.env;')).toBe(1);
    expect(countProcessEnvReads("function f(e = process.env) { return process.env.X; }")).toBe(2);
  });

  it("ignores mentions in comments and strings, and other process members", () => {
    expect(countProcessEnvReads('// process.env\nconst a = "process.env"; process.exitCode = 1;')).toBe(0);
    expect(countProcessEnvReads("const env = options.env; const b = other.env;")).toBe(0);
  });
});
