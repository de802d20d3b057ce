#!/usr/bin/env node
// Entry of the `claude-pr-runner` bin (bundled to dist/cli.js). Parsing and work live in runCli.
import { runCli } from "./run-cli.js";

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  handleSignals: true,
});
