import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { BASE_FILES, HEAD_FILES } from "../action/action-run-fixture.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { conversationText, type Script, ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

// `claude-pr-runner review` takes the Action's trusted-job pass-through as flags (--claude-args,
// --settings, --mcp-config, --allowed-tools, --disallowed-tools, --prompt-file), checked by the same
// rules: each refusal is exit 2 with the Action's wording, before any spawn and without a model
// request; an accepted flag reaches the real CLI session.
vi.setConfig({ testTimeout: 240_000 });

const SERVER = resolve("test/harness/tool-mcp-server.mjs");

function sampleRepo(): TempRepo {
  const r = createTempRepo();
  for (const [path, content] of Object.entries(BASE_FILES)) r.write(path, content);
  r.commitAll("base");
  r.git("checkout", "-q", "-b", "feature");
  for (const [path, content] of Object.entries(HEAD_FILES)) r.write(path, content);
  r.commitAll("add sub");
  return r;
}

async function review(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => (out += chunk));
  stderr.on("data", (chunk) => (err += chunk));
  const code = await runCli(["review", "--base", "main", "--no-sessions", "--agent-user", "none", ...args], {
    stdout,
    stderr,
    env,
    cwd,
  });
  return { code, stdout: out, stderr: err };
}

describe("claude-pr-runner review: the trusted-job pass-through flags", () => {
  let repo: TempRepo;
  let api: ScriptedMessagesApi;
  afterEach(async () => {
    await api?.close();
    repo.remove();
  });

  async function start(script: Script = []) {
    repo = sampleRepo();
    api = await ScriptedMessagesApi.start(script);
    return {
      PATH: process.env.PATH,
      HOME: join(repo.dir, ".home"),
      ANTHROPIC_API_KEY: "sk-ant-local",
      ANTHROPIC_BASE_URL: api.url,
    };
  }

  const refusals: Array<[string, string[], RegExp]> = [
    [
      "a flag in --claude-args that widens tools",
      ["--claude-args=--model x --allowedTools Bash"],
      /claude_args: --allowedTools would change the agent's tools or permissions/,
    ],
    [
      "--dangerously-skip-permissions in --claude-args",
      ["--claude-args=--dangerously-skip-permissions"],
      /claude_args: --dangerously-skip-permissions would change/,
    ],
    [
      "an unknown flag in --claude-args",
      ["--claude-args=--verbose"],
      /claude_args: "--verbose" is not allowed; allowed flags: --model/,
    ],
    [
      "--add-dir outside the repository",
      ["--claude-args=--add-dir /etc"],
      /claude_args: --add-dir \/etc is outside the workspace/,
    ],
    [
      "--settings that try to allow Bash",
      ["--settings", '{"permissions":{"allow":["Bash"]}}'],
      /settings\.permissions\.allow would widen or bypass the tool policy/,
    ],
    [
      "--settings with hooks",
      ["--settings", '{"hooks":{}}'],
      /settings\.hooks cannot be set by the workflow/,
    ],
    ["--settings that are not JSON", ["--settings", "{allow"], /settings is not valid JSON/],
    [
      "--mcp-config without mcpServers",
      ["--mcp-config", '{"servers":{}}'],
      /mcp_config must be a JSON object \{"mcpServers"/,
    ],
    [
      "--allowed-tools beyond the review's ceiling",
      ["--allowed-tools", "Read,Write"],
      /allowed_tools names Write, which is outside the review job's ceiling/,
    ],
    [
      "--allowed-tools naming an MCP tool of no configured server",
      ["--allowed-tools", "mcp__docs__search"],
      /allowed_tools names mcp__docs__search, but mcp_config gives this job no MCP server/,
    ],
    [
      "a --prompt-file that does not exist",
      ["--prompt-file", "missing.md"],
      /prompt_file missing\.md could not be read: .*ENOENT/,
    ],
  ];
  for (const [what, args, message] of refusals) {
    it(`refuses ${what}: exit 2 before any spawn, no model request`, async () => {
      const env = await start();
      const run = await review(args, env, repo.dir);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stdout).toBe("");
      expect(api.requests).toHaveLength(0);
    });
  }

  it("refuses --settings from a file that tries to allow Bash, and an empty or oversized --prompt-file", async () => {
    const env = await start();
    const dir = await makeTempDir("cpr-pass-through");
    writeFileSync(join(dir, "settings.json"), JSON.stringify({ permissions: { allow: ["Bash(*)"] } }));
    writeFileSync(join(dir, "empty.md"), "  \n");
    writeFileSync(join(dir, "big.md"), "x".repeat(64 * 1024 + 1));
    const fromFile = await review(["--settings", "settings.json"], env, dir);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toMatch(/settings\.permissions\.allow would widen/);
    // The repository is reviewed from another directory: --repo, files relative to the cwd.
    const empty = await review(["--repo", repo.dir, "--prompt-file", "empty.md"], env, dir);
    expect(empty.stderr).toMatch(/prompt_file empty\.md is empty/);
    const big = await review(["--repo", repo.dir, "--prompt-file", "big.md"], env, dir);
    expect(big.stderr).toMatch(/prompt_file big\.md is 65537 bytes; the limit is 65536/);
    expect([empty.code, big.code]).toEqual([2, 2]);
    expect(api.requests).toHaveLength(0);
  });

  it("--untrusted ignores every pass-through flag with one notice, even one that would be refused", async () => {
    repo = sampleRepo();
    // No credentials: the review stops right after the flags were handled, before any session.
    const run = await review(
      [
        "--untrusted",
        "--claude-args=--allowedTools Bash",
        "--settings",
        '{"permissions":{"allow":["Bash"]}}',
        "--prompt-file",
        "missing.md",
        "--allowed-tools",
        "Write",
      ],
      { PATH: process.env.PATH },
      repo.dir,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "untrusted change: --claude-args, --settings, --allowed-tools, --prompt-file ignored for this review",
    );
    expect(run.stderr).not.toMatch(/would change|would widen|could not be read|ceiling/);
    expect(run.stderr).toContain("ANTHROPIC_API_KEY is not set");
  });

  it("accepted flags reach the real CLI session: model, MCP tool, allowance, denied tool and prompt file", async () => {
    const env = await start([
      {
        kind: "structured_output",
        value: { verdict: "pass", summary: "Reviewed with the docs.", findings: [] },
      },
    ]);
    const record = await makeTempDir("cpr-mcp-record");
    writeFileSync(
      join(record, "mcp.json"),
      JSON.stringify({ mcpServers: { docs: { command: process.execPath, args: [SERVER, record] } } }),
    );
    writeFileSync(join(record, "review-notes.md"), "Check every helper against the style guide.\n");
    const run = await review(
      [
        "--format",
        "json",
        "--claude-args=--model claude-pass-through-model --max-turns 99",
        "--settings",
        '{"permissions":{"deny":["WebFetch"]}}',
        "--mcp-config",
        join(record, "mcp.json"),
        "--allowed-tools",
        "Read,Grep",
        "--allowed-tools",
        "mcp__docs__lookup",
        "--disallowed-tools",
        "WebSearch",
        "--prompt-file",
        join(record, "review-notes.md"),
      ],
      env,
      repo.dir,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ status: "reviewed", verdict: "pass" });
    const request = api.mainRequests[0]!;
    const body = request.body as { model: string; tools: Array<{ name: string }> };
    expect(body.model).toBe("claude-pass-through-model");
    const tools = body.tools.map((t) => t.name);
    expect(tools).toContain("mcp__docs__lookup");
    expect(tools).toContain("Read");
    // Both offered by the CLI by default: gone by the settings' deny rule and by --disallowed-tools.
    expect(tools).not.toContain("WebFetch");
    expect(tools).not.toContain("WebSearch");
    expect(conversationText(request)).toContain("Check every helper against the style guide.");
    // The MCP server was started by the CLI from the flag's config (it records its JSON-RPC methods).
    expect(readFileSync(join(record, "methods.log"), "utf8")).toContain("tools/list");
  });
});
