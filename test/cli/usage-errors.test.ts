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
    [["review", "--on-no-isolation", "maybe"], /--on-no-isolation must be no-bash or fail; got maybe/],
    [["review", "--format", "html"], /--format must be markdown, json or sarif; got html/],
    [["review", "--fail-on", "sometimes"], /--fail-on must be error, warning or never; got sometimes/],
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
