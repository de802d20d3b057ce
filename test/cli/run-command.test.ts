import { execFile } from "node:child_process";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUN_OPTIONS } from "../../src/cli/parse-run-arguments.js";
import { runCli } from "../../src/cli/run-cli.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
const execFileAsync = promisify(execFile);

function captureIo(cwd: string, env: NodeJS.ProcessEnv = {}) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c) => (out += c));
  stderr.on("data", (c) => (err += c));
  return { io: { stdout, stderr, env, cwd }, out: () => out, err: () => err };
}

let dir: string;
beforeAll(async () => {
  dir = await makeTempDir("cli-run");
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("claude-pr-runner run: usage", () => {
  it("--help documents every option", async () => {
    const c = captureIo(dir);
    expect(await runCli(["run", "--help"], c.io)).toBe(0);
    for (const name of Object.keys(RUN_OPTIONS)) expect(c.out()).toContain(`--${name}`);
    expect(c.out()).toContain("Exit codes: 0 success; 1");
  });

  it("exits 2 with a clear message for bad input, before spawning", async () => {
    const api = await ScriptedMessagesApi.start([]);
    try {
      const env = { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "k" };
      await writeFile(
        path.join(dir, "bad-policy.yaml"),
        "name: p\nrules:\n  - id: r\n    effect: maybe\n    tools: [Read]\n",
      );
      const cases: Array<[string[], RegExp]> = [
        [[], /--prompt is required/],
        [["--prompt", "x", "--max-turns", "two"], /--max-turns must be a whole number ≥ 1; got "two"/],
        [["--prompt", "x", "--json-schema", "[1,2]"], /--json-schema must be a JSON object; got an array/],
        [["--prompt", "x", "--json-schema", "{not json"], /--json-schema is not valid JSON/],
        [
          ["--prompt", "x", "--json-schema", "missing.json"],
          /--json-schema: cannot read .*missing.json: ENOENT/,
        ],
        [["--prompt", "@nope.txt"], /--prompt: cannot read .*nope.txt/],
        [["--prompt", "x", "--policy", "bad-policy.yaml"], /rules.0.effect: must be one of allow, deny/],
        [
          ["--prompt", "x", "--claude-path", "/no/such/claude"],
          /the claude executable \/no\/such\/claude does not exist/,
        ],
        [["--prompt", "x", "--bogus"], /Unknown option '--bogus'/],
        [["--prompt"], /Option '--prompt <value>' argument missing/],
        [["--prompt", "x", "stray"], /Unexpected argument 'stray'/],
        [["--prompt", "x", "--bare=yes"], /Option '--bare' does not take an argument/],
        [["--prompt", "x", "--provider", "openai"], /--provider must be one of anthropic, .*; got "openai"/],
        [["--prompt", "x", "--provider", "bedrock"], /provider bedrock needs AWS_REGION/],
        [
          ["--prompt", "x", "--provider", "vertex", "--model", "gpt-4o"],
          /model "gpt-4o" is not a model id for provider vertex/,
        ],
      ];
      for (const [args, message] of cases) {
        const c = captureIo(dir, env);
        expect(await runCli(["run", ...args], c.io), args.join(" ")).toBe(2);
        expect(c.err()).toMatch(message);
      }
      expect(api.requests).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

describe("claude-pr-runner run: real sessions", () => {
  it("through the bin: structured output from a schema file, outcome to --out, log to --log, progress on stderr", async () => {
    const api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Bash", input: { command: "git status", description: "status" } },
      { kind: "structured_output", value: { summary: "all good" } },
    ]);
    try {
      await writeFile(
        path.join(dir, "schema.json"),
        JSON.stringify({
          type: "object",
          properties: { summary: { type: "string" } },
          required: ["summary"],
        }),
      );
      await writeFile(path.join(dir, "prompt.md"), "Summarise the repository state.");
      const outFile = path.join(dir, "outcome.json");
      const logFile = path.join(dir, "run.ndjson");
      const { stdout, stderr } = await execFileAsync(
        process.execPath,
        [
          "--import",
          import.meta.resolve("tsx"), // absolute: the child's cwd is the temp workspace
          path.join(ROOT, "src/cli/main.ts"),
          "run",
          "--prompt",
          "@prompt.md",
          "--json-schema",
          "schema.json",
          "--cwd",
          dir,
          "--policy",
          "review",
          "--claude-path",
          CLAUDE_BIN,
          "--out",
          outFile,
          "--log",
          logFile,
          "--timeout",
          "60",
        ],
        { cwd: dir, env: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "k" } },
      );
      expect(stdout).toBe("");
      const outcome = JSON.parse(await readFile(outFile, "utf8"));
      expect(outcome).toMatchObject({
        exitCode: 0,
        structuredOutput: { summary: "all good" },
        structuredOutputCheck: "schema_valid",
        executionLogPath: logFile,
      });
      expect(stderr).toMatch(/\[runner\] session [0-9a-f-]{36} · model .* · claude 2\.1\.235/);
      expect(stderr).toContain("[runner] tool call Bash: git status");
      expect(stderr).toContain("[runner] policy allow Bash (git-read): git status");
      expect(stderr).toContain("[runner] turn 2");
      expect(stderr).toMatch(/\[runner\] result success · 3 turns · cost so far \$\d+\.\d{4}/);
      expect((await readFile(logFile, "utf8")).split("\n").length).toBeGreaterThan(5);
      // The user's prompt file reached the model.
      expect(JSON.stringify(api.mainRequests[0]?.body)).toContain("Summarise the repository state.");
      // Only the review policy's built-ins are offered (plus the schema's StructuredOutput).
      const offered = (((api.mainRequests[0]?.body ?? {}) as { tools?: Array<{ name: string }> }).tools ?? [])
        .map((tool) => tool.name)
        .sort();
      expect(offered).toEqual(["Bash", "Glob", "Grep", "Read", "StructuredOutput"]);
    } finally {
      await api.close();
    }
  });

  it("exits 1 when the result is an error (HTTP 400), outcome JSON on stdout", async () => {
    const api = await ScriptedMessagesApi.start([
      { kind: "http_error", status: 400, message: "bad request" },
    ]);
    try {
      const c = captureIo(dir, {
        PATH: process.env.PATH,
        ANTHROPIC_BASE_URL: api.url,
        ANTHROPIC_API_KEY: "k",
      });
      const code = await runCli(
        ["run", "--prompt", "hi", "--cwd", dir, "--claude-path", CLAUDE_BIN, "--quiet"],
        c.io,
      );
      expect(code).toBe(1);
      expect(JSON.parse(c.out())).toMatchObject({ exitCode: 1, isError: true, apiErrorStatus: 400 });
      expect(c.err()).toBe("");
    } finally {
      await api.close();
    }
  });
});
