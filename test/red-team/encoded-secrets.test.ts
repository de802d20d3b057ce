import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ENCODED_SECRET_NOTICE, OutputNeutraliser } from "../../src/github/neutralise-output.js";
import { withoutSecretOutput } from "../../src/jobs/shared/run-job-session.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";
import { holdsSecret, joinedStrings } from "../../src/secrets/secret-forms.js";
import { type ActionRun, ActionRunFixture } from "../action/action-run-fixture.js";

// Redaction used to match only the exact value and its base64. A hostile agent that holds a secret
// publishes it in another spelling, or in two halves; each is caught after normalising, in the
// joined text of what the job publishes (secret-forms.ts), and the Action's outputs are redacted too.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 60_000 });

const SECRET = "ghs_Zk3QmA9pLx7TwV2bN8cR5sY1uE4oI6hG0jD";
const ZW = "\u200b";

/** Every spelling of SECRET the red team published. */
function spellings(secret: string): Record<string, string> {
  const half = Math.floor(secret.length / 2);
  return {
    hex: Buffer.from(secret).toString("hex"),
    "hex, upper case": Buffer.from(secret).toString("hex").toUpperCase(),
    reversed: [...secret].reverse().join(""),
    base32: base32(secret),
    base64url: Buffer.from(secret).toString("base64url"),
    "percent-encoded": [...Buffer.from(secret)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
    "HTML entities": [...secret].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    "zero-width interleaved": [...secret].join(ZW),
    "soft hyphens and bidi marks": [...secret].join("\u00ad\u200e"),
    "spaces between halves": `${secret.slice(0, half)}\n \n${secret.slice(half)}`,
  };
}

function base32(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? [])
    .map((chunk) => alphabet[Number.parseInt(chunk.padEnd(5, "0"), 2)])
    .join("");
}

describe("holdsSecret: a secret found after normalising", () => {
  for (const [name, text] of Object.entries(spellings(SECRET))) {
    it(`finds it ${name}`, () => {
      expect(holdsSecret(`The config says: ${text} (see above)`, [SECRET])).toBe(true);
    });
  }

  it("finds it split across two fields of one output, and not in text without it", () => {
    const half = 20;
    const output = {
      summary: "fine",
      findings: [
        { title: "a", body: `value starts ${SECRET.slice(0, half)}` },
        { title: "b", body: `${SECRET.slice(half)} and ends` },
      ],
    };
    expect(holdsSecret(JSON.stringify(output.findings[0]), [SECRET])).toBe(false);
    expect(holdsSecret(joinedStrings(output), [SECRET])).toBe(true);
    expect(holdsSecret(joinedStrings({ summary: "no secret here", n: 1 }), [SECRET])).toBe(false);
  });
});

describe("the neutraliser redacts every published spelling", () => {
  const neutraliser = new OutputNeutraliser({ secrets: [SECRET] });
  for (const [name, text] of Object.entries(spellings(SECRET))) {
    it(`${name}: prose, markup and code lose the text`, () => {
      for (const out of [
        neutraliser.prose(`leak: ${text}`),
        neutraliser.markup(`## Summary\n\n\`\`\`\n${text}\n\`\`\``),
        neutraliser.redact(text),
      ]) {
        // Cut out where the spelling is exact, or the whole text with it where it is not.
        expect(out).toContain("[REDACTED");
        expect(holdsSecret(out, [SECRET])).toBe(false);
      }
    });
  }
  it("leaves text without the secret as it was", () => {
    expect(neutraliser.redact("`sub(5, 3)` returns 8")).toBe("`sub(5, 3)` returns 8");
    expect(neutraliser.redact(`x ${[...SECRET].join(ZW)} y`)).toBe(ENCODED_SECRET_NOTICE);
  });
});

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
