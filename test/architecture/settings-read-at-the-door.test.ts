import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRawEnvReads } from "./raw-env-reads.js";

/**
 * Configuration is read once, at the edge, through one schema per door: a Lambda function's
 * variables through lambda/shared/lambda-variables.ts (each function's config parser picks its
 * own); the CLI's options and variables through src/cli/cli-settings.ts (each subcommand's options
 * are a schema of shared value types, read after node:util parseArgs); the Action's inputs through
 * ACTION_INPUTS (src/action/action-inputs.ts) and its variables in src/action/action-context.ts. No other module of a door reads a variable out of an environment by name; the typed
 * settings object is what is passed down.
 */
const doors: Record<string, { folders: string[]; allowed: Record<string, string> }> = {
  action: { folders: ["src/action"], allowed: {} },
  // Below the doors only the host environment handed down whole is read, and only where the agent's
  // credentials and process are planned from it: never a setting.
  "below the doors": {
    folders: [
      "src/jobs",
      "src/runner",
      "src/sessions",
      "src/github",
      "src/findings",
      "src/protocol",
      "src/sandbox",
      "src/secrets",
      "src/json-schema",
    ],
    allowed: {
      "src/jobs/shared/agent-credentials.ts": "which model credential the host environment holds",
      "src/runner/model-gateway.ts":
        "the provider's credentials and endpoints, where the CLI would read them",
      "src/runner/isolation/agent-launch.ts": "PATH for the agent's own user",
      "src/runner/prepare-session.ts":
        "RUNNER_WORKSPACE and RUNNER_TEMP, where the runner keeps credentials the Bash sandbox hides; PATH, which the agent gets without what a PR could commit to",
      "src/runner/isolation/agent-search-path.ts":
        "PATH, kept to the entries that hold nothing a PR commits or the agent writes",
      "src/runner/isolation/environment-credential-files.ts":
        "the variables that name credentials files an earlier step's login exported (KUBECONFIG, GOOGLE_APPLICATION_CREDENTIALS, ...), kept from the agent",
      "src/runner/isolation/checkout-credentials.ts":
        "the variables core.sshCommand names its key with ($RUNNER_TEMP), expanded as its shell would",
    },
  },
  cli: { folders: ["src/cli"], allowed: {} },
  lambda: {
    folders: [
      "lambda/agent",
      "lambda/gateway",
      "lambda/managed-agents",
      "lambda/schedule",
      "lambda/shared",
      "lambda/webhook",
      "lambda/worker",
    ],
    allowed: {
      // Powertools' own variable, read where Powertools reads its others.
      "lambda/shared/telemetry.ts": "POWERTOOLS_METRICS_NAMESPACE",
      // The host's PATH and HOME handed to the agent process: passed through, not a setting.
      "lambda/agent/run-agent-job.ts": "PATH, HOME",
    },
  },
};

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("settings are read at the door, through its schema", () => {
  for (const [door, { folders, allowed }] of Object.entries(doors)) {
    it(`${door}: no module reads an environment variable by name outside the settings schema`, async () => {
      const readers: Record<string, number[]> = {};
      for (const folder of folders) {
        for (const file of await sourcesUnder(folder)) {
          const lines = findRawEnvReads(file, await readFile(file, "utf8"));
          if (lines.length > 0) readers[file] = lines;
        }
      }
      expect(Object.keys(readers).filter((file) => !(file in allowed))).toEqual([]);
      // A stale exception would let a new read slip in unnoticed.
      expect(Object.keys(allowed).filter((file) => !(file in readers))).toEqual([]);
    });
  }
});

describe("raw inputs and argv are read by one module per door", () => {
  const readersOf = async (folder: string, pattern: RegExp) => {
    const files: string[] = [];
    for (const file of await sourcesUnder(folder))
      if (pattern.test(await readFile(file, "utf8"))) files.push(file);
    return files.sort();
  };

  it("the Action: only run-action.ts calls @actions/core's getInput, to hand every input to the schema", async () => {
    expect(await readersOf("src/action", /\.get(Boolean|Multiline)?Input\(/)).toEqual([
      "src/action/run-action.ts",
    ]);
  });

  it("the CLI: only cli-settings.ts calls node:util parseArgs, followed by the options' schema", async () => {
    expect(await readersOf("src/cli", /\bparseArgs\(/)).toEqual(["src/cli/cli-settings.ts"]);
  });
});

describe("findRawEnvReads", () => {
  it("finds a variable read by name from any environment object", () => {
    const source = [
      "const a = env.MAX_TURNS;",
      "const b = process.env.HOME;",
      'const c = deps.hostEnv["PATH"];',
      "const d = env[name];",
      "const e = options.env?.GITHUB_TOKEN;",
    ].join("\n");
    expect(findRawEnvReads("a.ts", source)).toEqual([1, 2, 3, 4, 5]);
  });

  it("ignores writes, settings objects and passing the whole environment on", () => {
    const source = [
      "env.HOME = home;",
      "delete env[name];",
      "const a = settings.MAX_TURNS;",
      "run({ env: process.env });",
      "const b = env.length;",
      "// env.MAX_TURNS",
    ].join("\n");
    expect(findRawEnvReads("a.ts", source)).toEqual([]);
  });
});
