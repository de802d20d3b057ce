import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { countProcessEnvReads, countProcessEnvReadsInFile } from "./process-env-reads.js";

// Configuration is read once, at the edge: the module each runtime loads first reads the process
// environment and hands it to the door's config parser (lambda/*/…-config.ts, the Action's
// readActionContext, the CLI's runCli), which turns it into typed settings passed down. No other
// module under src/ or lambda/ may read `process.env`. A new entry point is added here.
const edgeModules = [
  "src/action/main.ts",
  "src/cli/main.ts",
  "lambda/agent/handler.ts",
  "lambda/gateway/handler.ts",
  "lambda/infra/app.ts",
  "lambda/managed-agents/anthropic-webhook-function.ts",
  "lambda/managed-agents/session-sweep-function.ts",
  "lambda/managed-agents/settle-function.ts",
  "lambda/schedule/handler.ts",
  "lambda/schedule/sweep-handler.ts",
  "lambda/webhook/handler.ts",
  "lambda/worker/handler.ts",
];

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes("node_modules") && !path.includes("cdk.out"));
}

describe("process.env", () => {
  it("is read only by the edge modules (each runtime's entry point)", async () => {
    const readers: string[] = [];
    for (const folder of ["src", "lambda"]) {
      for (const file of await sourcesUnder(folder)) {
        if ((await countProcessEnvReadsInFile(file)) > 0) readers.push(file);
      }
    }
    expect(readers.filter((file) => !edgeModules.includes(file)).sort()).toEqual([]);
    // Every listed module still exists and still reads it: a stale entry would let a new file slip in.
    expect(readers.filter((file) => edgeModules.includes(file)).sort()).toEqual([...edgeModules].sort());
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
    // Passed on as an argument, inside an object or an array.
    expect(countProcessEnvReads("run({ env: process.env });")).toBe(1);
    expect(countProcessEnvReads("f([process.env.A], process.env);")).toBe(2);
  });

  it("ignores mentions in comments and strings, and other process members", () => {
    expect(countProcessEnvReads('// process.env\nconst a = "process.env"; process.exitCode = 1;')).toBe(0);
    expect(countProcessEnvReads("const env = options.env; const b = other.env;")).toBe(0);
  });
});
