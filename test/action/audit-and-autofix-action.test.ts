import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookExample } from "../fixtures/webhook-examples.js";
import { ActionRunFixture, OWNER, REPO } from "./action-run-fixture.js";

vi.setConfig({ testTimeout: 240_000 });

describe("the Action's audit and autofix routes (dist/index.js)", () => {
  let fx: ActionRunFixture;
  afterEach(async () => {
    expect(fx.github.violations).toEqual([]);
    await fx.close();
  });

  it("a scheduled audit opens fingerprinted issues and writes SARIF", async () => {
    fx = await ActionRunFixture.start([
      {
        kind: "structured_output",
        value: {
          summary: "One problem.",
          findings: [
            {
              key: "bug:src/math.ts:sub",
              category: "bug",
              severity: "error",
              path: "src/math.ts",
              line: 14,
              title: "sub() adds",
              body: "It should subtract.",
            },
          ],
        },
      },
    ]);
    const sarif = join(fx.root, "audit.sarif");
    const payload = { repository: { full_name: `${OWNER}/${REPO}`, default_branch: "main" } };
    const run = await fx.run("schedule", payload, { sarif_file: sarif, audit_focus: "security" });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const issues = fx.github.issuesOf(OWNER, REPO);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ state: "open" });
    expect(issues[0]!.title).toContain("sub() adds");
    const log = JSON.parse(readFileSync(sarif, "utf8"));
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].results).toHaveLength(1);
    expect(run.outputs).toMatchObject({ conclusion: "success", findings_count: "1", sarif_file: sarif });
  });

  it("an autofix label added by a read-only user is refused with one comment and runs nothing", async () => {
    fx = await ActionRunFixture.start([]);
    fx.openPullRequest();
    fx.github.addCollaborator(OWNER, REPO, "reader", "read");
    const payload = fx.pullRequestEvent("opened");
    payload.action = "labeled";
    payload.label = { name: "autofix" };
    (payload.sender as Record<string, unknown>).login = "reader";
    const run = await fx.run("pull_request", payload, {});
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(fx.api.mainRequests).toHaveLength(0);
    const comments = fx.github.state.issueComments.map((c) => c.body);
    expect(comments).toHaveLength(1);
    expect(comments[0]).toContain("@reader does not have write access");
    expect(run.outputs.conclusion).toBe("skipped");
    expect(webhookExample("pull_request", "labeled").action).toBe("labeled");
  });
});
