import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { runAudit } from "../../../src/jobs/audit/run-audit.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";
import { ENGINES, type EngineUnderTest } from "../../harness/engines-under-test.js";
import { CLI_TIMEOUT_MS } from "../../harness/scripted-claude-fixture.js";
import { makeTempDir } from "../../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One suite, both engines: the audit's start (auditSessionPlan) and finish (finishAudit: findings
// on unknown paths or past a file's end set aside, SARIF written) are written once, so for the same
// agent output each engine gives the same audit. Issues and code scanning are tested in
// run-audit's own suites and the Lambda settle tests.

const SECRET = "ghs_AuditTableSecret0123456789";
const finding = (path: string, line: number, key: string) => ({
  key,
  category: "security",
  severity: "error",
  path,
  line,
  title: "query built from user input",
  body: "`buildWhere` concatenates the request's filter into SQL.",
});

function baseSettings(): JobSettings {
  return {
    maxTurns: 4,
    maxBudgetUsd: 1,
    timeoutMs: 120_000,
    agentEnv: {},
    hostEnv: process.env,
    secretValues: [SECRET],
  };
}

describe.each(ENGINES)("an audit on the %s engine", (_name, start) => {
  let engine: EngineUnderTest;
  let repo: TempRepo;
  let headSha: string;
  beforeAll(async () => {
    engine = await start();
    repo = createTempRepo("audit-engine-table-");
    repo.write("src/db.ts", 'export function buildWhere(filter: string) {\n  return "WHERE " + filter;\n}\n');
    headSha = repo.commitAll("base");
  });
  afterAll(async () => {
    await engine?.close();
    repo?.remove();
  });

  const audit = async (output: Record<string, unknown>) => {
    const sarifPath = join(await makeTempDir("audit-engine-sarif"), "audit.sarif");
    const result = await runAudit(
      {
        repository: { owner: "octo", name: "app" },
        checkoutDir: repo.dir,
        defaultBranch: "main",
        headSha,
        sarifPath,
        issues: false,
      },
      await engine.settingsFor(output, baseSettings()),
    );
    return { result, sarifPath };
  };

  it("keeps the finding in the file and sets aside one on a missing file and one past the end; SARIF holds the kept one", async () => {
    const { result, sarifPath } = await audit({
      summary: "One injection.",
      findings: [
        finding("src/db.ts", 2, "sql-injection:src/db.ts:buildWhere"),
        finding("src/gone.ts", 1, "sql-injection:src/gone.ts:x"),
        finding("src/db.ts", 90, "sql-injection:src/db.ts:past-end"),
      ],
    });
    expect(result.status).toBe("audited");
    if (result.status !== "audited") return;
    expect(result.report.findings.map((f) => [f.path, f.startLine])).toEqual([["src/db.ts", 2]]);
    expect(result.rejected).toHaveLength(2);
    const sarif = JSON.parse(readFileSync(sarifPath, "utf8")) as { runs: { results: unknown[] }[] };
    expect(sarif.runs[0]?.results).toHaveLength(1);
  });

  it("a summary carrying a job secret fails the audit: nothing is written or filed", async () => {
    const { result, sarifPath } = await audit({ summary: `token ${SECRET}`, findings: [] });
    expect(result.status).toBe("failed");
    expect(result.status === "failed" && result.reason).toMatch(/carries a secret the job holds/);
    expect(() => readFileSync(sarifPath)).toThrow();
  });
});
