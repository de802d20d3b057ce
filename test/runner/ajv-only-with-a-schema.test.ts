import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// Ajv and its formats are about 11 MB and 30 ms of a host's start (bench:overhead). The runner needs
// them only for a session's output schema: the flag rules check a --json-schema with Ajv, and the
// structured result is validated with it. A session without one must not load them, and one with a
// schema must still get its schema checked (the rule is not skipped because Ajv is not loaded yet).

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, "../..");

/** Prints, after each step, whether any file of the ajv package has been loaded so far. */
const SCRIPT = `
  import { registerHooks } from "node:module";
  let ajvLoaded = false;
  registerHooks({
    load(url, context, next) {
      if (url.includes("/node_modules/ajv/")) ajvLoaded = true;
      return next(url, context);
    },
  });
  const steps = [];
  const { builtInPolicy, runSession } = await import("./src/runner/index.ts");
  const { validateCliInvocation, cliInvocationFromArgv } = await import("./src/protocol/index.ts");
  builtInPolicy("review", { workspace: process.cwd() });
  steps.push("imported:" + ajvLoaded + ":" + typeof runSession);
  const base = ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"];
  await validateCliInvocation(cliInvocationFromArgv(base, { terminal: false }));
  steps.push("no-schema:" + ajvLoaded);
  const invalid = await validateCliInvocation(
    cliInvocationFromArgv([...base, "--json-schema", '{"type":5}'], { terminal: false }),
  ).then(() => "accepted", (error) => error.rule);
  steps.push("schema:" + ajvLoaded + ":" + invalid);
  process.stdout.write(steps.join(" "));
`;

describe("the runner loads Ajv only for an output schema", () => {
  it("importing the runner and checking a schema-less invocation loads no Ajv; a --json-schema is still checked by it", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
      cwd: ROOT,
    });
    expect(stdout).toBe("imported:false:function no-schema:false schema:true:json_schema_invalid_schema");
  });
});
