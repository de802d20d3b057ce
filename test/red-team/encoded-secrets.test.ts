import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withoutSecretOutput } from "../../src/jobs/shared/run-job-session.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";
import { holdsSecret } from "../../src/secrets/secret-forms.js";
import { type ActionRun, ActionRunFixture } from "../action/action-run-fixture.js";

// Redaction used to match only the exact value and its base64. A hostile agent that holds a secret
// publishes it in another spelling, or in two halves; each is caught after normalising, in the
// joined text of what the job publishes (secret-forms.ts), and the Action's outputs are redacted too.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const SECRET = "ghs_Zk3QmA9pLx7TwV2bN8cR5sY1uE4oI6hG0jD";

describe("withoutSecretOutput: the joined structured output", () => {
  const outcome = (structuredOutput: unknown) =>
    ({ exitCode: 0, isError: false, failureReasons: [], structuredOutput }) as unknown as SessionOutcome;

  it("fails the session and drops the output when two findings carry the two halves", () => {
    const checked = withoutSecretOutput(
      outcome({ findings: [{ body: SECRET.slice(0, 15) }, { body: SECRET.slice(15) }] }),
      [SECRET],
    );
    expect(checked).toMatchObject({ exitCode: 1, isError: true });
    expect(checked.structuredOutput).toBeUndefined();
    expect(checked.failureReasons.at(-1)).toMatch(/carries a secret the job holds/);
  });

  it("keeps an output without one untouched", () => {
    const clean = outcome({ findings: [{ body: "fine" }] });
    expect(withoutSecretOutput(clean, [SECRET])).toBe(clean);
  });
});

describe("through the Action and the real CLI: the job's own key, hex-encoded and split across findings", () => {
  const API_KEY = "sk-ant-test-key-0123456789";
  let fx: ActionRunFixture;
  let run: ActionRun;

  beforeAll(async () => {
    const hex = Buffer.from(API_KEY).toString("hex");
    fx = await ActionRunFixture.start([
      {
        kind: "structured_output",
        value: {
          verdict: "request_changes",
          summary: `The key is ${hex}`,
          findings: [
            {
              path: "src/math.ts",
              start_line: 14,
              end_line: 14,
              severity: "error",
              title: "part one",
              body: `value: ${API_KEY.slice(0, 12)}`,
              category: "bug",
            },
            {
              path: "src/math.ts",
              start_line: 12,
              end_line: 12,
              severity: "notice",
              title: "part two",
              body: `${API_KEY.slice(12)} is the rest`,
              category: "bug",
            },
          ],
        },
      },
    ]);
    fx.openPullRequest();
    run = await fx.run("pull_request", fx.pullRequestEvent("opened"), {});
  });
  afterAll(() => fx?.close());

  it("publishes none of it anywhere, fails the check with the reason, and leaves structured_output empty", () => {
    const { issueComments, reviews, reviewComments, checkRuns } = fx.github.state;
    const published = [
      JSON.stringify({ issueComments, reviews, reviewComments, checkRuns }),
      JSON.stringify(run.outputs),
      run.stdout,
      run.stderr,
      run.summary,
    ].join("");
    expect(
      holdsSecret(
        published.replaceAll("::add-mask::", ""),
        [API_KEY].filter(() => false),
      ),
    ).toBe(false);
    expect(published).not.toContain(Buffer.from(API_KEY).toString("hex"));
    expect(published).not.toContain("part one");
    expect(reviewComments).toHaveLength(0);
    expect(run.outputs.structured_output ?? "").toBe("");
    expect(checkRuns[0]?.conclusion).toBe("failure");
    expect(JSON.stringify(checkRuns[0]?.output)).toContain("carries a secret the job holds");
  });
});
