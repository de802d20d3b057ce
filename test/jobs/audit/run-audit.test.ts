import { readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import ajvDraft04 from "ajv-draft-04";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import { runAudit } from "../../../src/jobs/audit/run-audit.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { createAjv } from "../../../src/json-schema/create-ajv.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import { branchLineageKey } from "../../../src/sessions/lineage-key.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import {
  conversationText,
  ScriptedMessagesApi,
  type ScriptedReply,
} from "../../harness/scripted-messages-api.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// The SARIF 2.1.0 schema (rtm.5, the revision code scanning accepts) as Microsoft ships it.
// ajv-draft-04 is CommonJS with `exports.default`; under nodenext the default import is the module.
const AjvDraft04 = ajvDraft04.default;
const sarifSchema = createRequire(import.meta.url)(
  "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json",
);

const injection = {
  key: "sql-injection:src/db.ts:findUser",
  category: "security",
  severity: "error",
  path: "src/db.ts",
  line: 2,
  title: "SQL built from user input",
  body: "`name` is concatenated into the query; use a parameter.",
};
const deadCode = {
  key: "dead-code:src/util.ts:unused",
  category: "dead-code",
  severity: "notice",
  path: "src/util.ts",
  line: 1,
  title: "Unused export",
  body: "Nothing imports `unused`.",
};

/**
 * Three weekly audits through the real CLI, a scripted model, the GitHub double and a filesystem
 * session store: issues are filed once, kept, and closed when their finding goes away; each run
 * continues the previous audit session on the default branch's lineage.
 */
describe("runAudit (real CLI, scripted model, GitHub double)", () => {
  let api: ScriptedMessagesApi;
  let github: GitHubDouble;
  let octokit: GitHubClient;
  let repo: TempRepo;
  let storeDir: string;
  let store: FsTranscriptStore;
  let settings: JobSettings;
  let queue: ScriptedReply[] = [];

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start(() => queue.shift() ?? { kind: "text", text: "done" });
    github = await GitHubDouble.start();
    github.addRepo("octo", "app");
    octokit = createGitHubClient({
      token: github.token,
      baseUrl: github.url,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      retryAfterBaseMs: 1,
    });
    repo = createTempRepo("cpr-audit-");
    repo.write(
      "src/db.ts",
      'export function findUser(name: string) {\n  return query("SELECT * FROM users WHERE name = \'" + name + "\'");\n}\n',
    );
    repo.write("src/util.ts", "export const unused = 1;\n");
    repo.commitAll("main");
    storeDir = await makeTempDir("cpr-audit-store");
    store = new FsTranscriptStore({ root: storeDir });
    settings = {
      claudePath: CLAUDE_BIN,
      maxTurns: 5,
      maxBudgetUsd: 1,
      timeoutMs: 120_000,
      agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      hostEnv: process.env,
      secretValues: [github.token],
    };
  });
  afterAll(async () => {
    await api?.close();
    await github?.close();
    repo?.remove();
    if (storeDir) await rm(storeDir, { recursive: true, force: true });
  });

  const audit = (findings: unknown[], sarifName: string) => {
    queue = [
      { kind: "tool_use", name: "Read", input: { file_path: "src/db.ts" } },
      { kind: "structured_output", value: { summary: `${findings.length} finding(s)`, findings } },
    ];
    return runAudit(
      {
        repository: { owner: "octo", name: "app" },
        checkoutDir: repo.dir,
        defaultBranch: "main",
        focus: "security",
        sarifPath: join(storeDir, "out", sarifName),
        lineage: { store },
        runUrl: "https://github.com/octo/app/actions/runs/1",
      },
      settings,
      { github: octokit, toolVersion: "0.1.0" },
    );
  };

  it("run 1 files one issue per finding, writes valid SARIF, and records the session on main's lineage", async () => {
    const result = await audit([injection, deadCode], "run1.sarif");
    expect(result.status).toBe("audited");
    if (result.status !== "audited") return;
    expect(result.issues?.created).toHaveLength(2);
    const issues = github.issuesOf("octo", "app");
    expect(issues.map((i) => i.title).sort()).toEqual([
      "[dead-code] Unused export",
      "[security] SQL built from user input",
    ]);
    // The model was read-only: its Read went through the audit policy; its prompt carried the focus.
    const toolCalls = result.session.outcome.policyDecisions.filter((d) => d.toolName !== "StructuredOutput");
    expect(toolCalls).toEqual([
      expect.objectContaining({ toolName: "Read", behavior: "allow", ruleId: "read-workspace" }),
    ]);
    expect(conversationText(api.mainRequests[0]!)).toContain("Focus on security");

    const sarif = JSON.parse(await readFile(result.sarif!.path, "utf8"));
    // The schema's `language` pattern has a stray `]` that only non-unicode regular expressions accept.
    const ajv = createAjv({ schemas: "foreign", dialect: AjvDraft04, nonUnicodePatterns: true });
    const valid = ajv.validate(sarifSchema, sarif);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(sarif.runs[0].results).toHaveLength(2);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation).toMatchObject({
      artifactLocation: { uri: "src/db.ts" },
      region: { startLine: 2 },
    });

    const lineage = await store.readIndex(branchLineageKey("octo", "app", "main"));
    expect(lineage?.index.entries).toEqual([
      expect.objectContaining({
        jobKind: "audit",
        headSha: result.headSha,
        sessionId: result.session.outcome.sessionId,
      }),
    ]);
  });

  it("run 2 with the same findings files nothing new and continues the first audit session", async () => {
    const before = api.mainRequests.length;
    const result = await audit([injection, deadCode], "run2.sarif");
    expect(result.status).toBe("audited");
    if (result.status !== "audited") return;
    expect(result.session.restore.status).toBe("restored");
    expect(result.issues).toMatchObject({ created: [], closed: [] });
    expect(result.issues?.unchanged).toHaveLength(2);
    expect(github.issuesOf("octo", "app")).toHaveLength(2);
    expect(conversationText(api.mainRequests[before]!)).toContain("You audited this same commit before");
  });

  it("run 3 without one finding closes its issue with a comment", async () => {
    const result = await audit([injection], "run3.sarif");
    expect(result.status).toBe("audited");
    if (result.status !== "audited") return;
    expect(result.issues?.created).toEqual([]);
    expect(result.issues?.closed).toHaveLength(1);
    const closed = github.issuesOf("octo", "app").find((i) => i.number === result.issues?.closed[0]);
    expect(closed).toMatchObject({ title: "[dead-code] Unused export", state: "closed" });
    const comments = await octokit.rest.issues.listComments({
      owner: "octo",
      repo: "app",
      issue_number: closed!.number,
    });
    expect(comments.data.at(-1)?.body).toContain("no longer appears in the audit");
    expect(github.violations).toEqual([]);
  });

  it("a failed session publishes nothing: no SARIF, no issue closed", async () => {
    queue = [{ kind: "http_error", status: 400, message: "bad request" }];
    const sarifPath = join(storeDir, "out", "failed.sarif");
    const result = await runAudit(
      { repository: { owner: "octo", name: "app" }, checkoutDir: repo.dir, defaultBranch: "main", sarifPath },
      settings,
      { github: octokit },
    );
    expect(result.status).toBe("failed");
    await expect(readFile(sarifPath)).rejects.toThrow(/ENOENT/);
    expect(github.issuesOf("octo", "app").filter((i) => i.state === "open")).toHaveLength(1);
  });
});
