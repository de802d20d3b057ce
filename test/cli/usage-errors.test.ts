import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";

async function run(args: string[]): Promise<{ code: number; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let err = "";
  stderr.on("data", (chunk) => (err += chunk));
  const code = await runCli(args, { stdout, stderr, env: {}, cwd: process.cwd() });
  return { code, stderr: err };
}

// Every subcommand parses argv with node:util parseArgs in strict mode: an unknown flag, a flag
// without its value, a value given to a switch or a stray word is a usage error (exit 2) that names
// the problem, before anything runs.
describe("usage errors of each subcommand", () => {
  const cases: Array<[string[], RegExp]> = [
    [["review", "--bogus"], /^claude-pr-runner review: Unknown option '--bogus'/],
    [["review", "--base"], /^claude-pr-runner review: Option '--base <value>' argument missing/],
    [["review", "--untrusted=yes"], /Option '--untrusted' does not take an argument/],
    [["review", "main"], /Unexpected argument 'main'/],
    [["review", "--on-no-isolation", "maybe"], /--on-no-isolation must be one of no-bash, fail; got "maybe"/],
    [["review", "--format", "html"], /--format must be one of markdown, json, sarif; got "html"/],
    [["review", "--fail-on", "sometimes"], /--fail-on must be one of error, warning, never; got "sometimes"/],
    [["review", "--max-turns", "0"], /--max-turns must be a whole number ≥ 1; got "0"/],
    [["review", "--max-budget-usd", "free"], /--max-budget-usd must be a number ≥ 0.01; got "free"/],
    [["review", "--timeout=-1"], /--timeout must be a number of seconds > 0; got "-1"/],
    [["review", "--engine", "remote"], /--engine must be one of cli, managed-agents; got "remote"/],
    [["review", "--github-repo", "just-a-name"], /--github-repo must be owner\/name; got "just-a-name"/],
    [
      ["review", "--fail-on", "sometimes", "--max-turns", "many"],
      /--fail-on must be one of error, warning, never; got "sometimes"; --max-turns must be a whole number ≥ 1; got "many"/,
    ],
    [["sessions", "prune", "--keep-last=-2"], /--keep-last must be a whole number ≥ 0; got "-2"/],
    [
      ["run", "--prompt", "x", "--provider", "openai"],
      /--provider must be one of anthropic, anthropic-oauth, bedrock, vertex, foundry; got "openai"/,
    ],
    [["run", "--prompt", "x", "--timeout", "soon"], /--timeout must be a number of seconds > 0; got "soon"/],
    [["review", "--include"], /Option '--include <value>' argument missing/],
    [["sessions", "list", "--bogus"], /Unknown option '--bogus'/],
    [["sessions", "list", "--store"], /Option '--store <value>' argument missing/],
    [["run", "--timeout"], /Option '--timeout <value>' argument missing/],
    [["nonsense"], /unknown command "nonsense"/],
  ];
  for (const [args, message] of cases) {
    it(`claude-pr-runner ${args.join(" ")}`, async () => {
      const { code, stderr } = await run(args);
      expect(code).toBe(2);
      expect(stderr).toMatch(message);
    });
  }
});
