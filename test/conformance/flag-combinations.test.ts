import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// seed: input-format / output-format matrix — invalid combinations fail at start-up with exit 1,
// before any model request.
describe("start-up rejections (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  beforeAll(async () => {
    fixture = await startScriptedClaude([]);
  });
  afterAll(() => fixture.close());

  it("--output-format stream-json without --verbose", async () => {
    const run = await runClaude(["-p", "hi", "--output-format", "stream-json"], {
      env: fixture.env,
      cwd: fixture.cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      "Error: When using --print, --output-format=stream-json requires --verbose",
    );
  });

  it("--input-format stream-json with --output-format json", async () => {
    const run = await runClaude(["-p", "--input-format", "stream-json", "--output-format", "json"], {
      env: fixture.env,
      cwd: fixture.cwd,
      stdin: `${JSON.stringify(userFrame("hi"))}\n`,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(
      "Error: --input-format=stream-json requires output-format=stream-json.",
    );
  });

  it("--resume with an unknown session id", async () => {
    const id = randomUUID();
    const run = await runClaude(["-p", "hi", "--output-format", "json", "--resume", id], {
      env: fixture.env,
      cwd: fixture.cwd,
    });
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain(`No conversation found with session ID: ${id}`);
  });

  it("none of the rejected invocations reached the model", () => {
    expect(fixture.api.mainRequests).toHaveLength(0);
  });
});
