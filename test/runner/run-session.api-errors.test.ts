import { afterEach, describe, expect, it } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("API errors (real CLI)", () => {
  it("400: subtype success with is_error true gives exit code 1", async () => {
    s = await scriptedSession([{ kind: "http_error", status: 400, message: "prompt is malformed" }]);
    const outcome = await runSession(s.options()).outcome;
    expect(outcome).toMatchObject({ subtype: "success", isError: true, exitCode: 1, apiErrorStatus: 400 });
    expect(outcome.failureReasons.join("\n")).toContain("HTTP 400");
  });

  it("401 without the proxy: reports the retry, then stops at once with a credentials message", async () => {
    s = await scriptedSession(() => ({ kind: "http_error", status: 401, message: "invalid x-api-key" }));
    const outcome = await runSession(s.options({ credentialProxy: false })).outcome;
    const retries = s.progress.filter((e) => e.kind === "api_retry");
    expect(retries.length).toBeGreaterThanOrEqual(1);
    expect(retries[0]).toMatchObject({ kind: "api_retry", attempt: 1, maxRetries: 10, errorStatus: 401 });
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons[0]).toMatch(
      /API rejected the credentials \(HTTP 401.*check ANTHROPIC_API_KEY/,
    );
    expect(outcome.stoppedBy).toBe("credentials_rejected");
    expect(s.progress).toContainEqual(expect.objectContaining({ kind: "stopping", step: "interrupt" }));
    // The CLI's own ten backed-off retries take minutes; fail-fast stops after the first one or two.
    expect(s.api.mainRequests.length).toBeLessThanOrEqual(3);
  });

  it("401 through the proxy: the proxy stops the job on the first rejection, with the same message", async () => {
    s = await scriptedSession(() => ({ kind: "http_error", status: 401, message: "invalid x-api-key" }));
    const outcome = await runSession(s.options()).outcome;
    expect(outcome.exitCode).toBe(1);
    expect(outcome.failureReasons[0]).toMatch(
      /API rejected the credentials \(HTTP 401 invalid x-api-key.*check ANTHROPIC_API_KEY/,
    );
    expect(outcome.credentialProxy?.stop).toMatchObject({ kind: "upstream_auth_failed", status: 401 });
    expect(s.progress).toContainEqual(expect.objectContaining({ kind: "stopping", step: "interrupt" }));
    // The CLI's retries reach the proxy, not the API: upstream saw exactly one request.
    expect(s.api.mainRequests).toHaveLength(1);
  });

  it("529 then 500 are retried by the CLI and reported; the recovered turn succeeds", async () => {
    s = await scriptedSession([
      { kind: "http_error", status: 529 },
      { kind: "http_error", status: 500 },
      { kind: "text", text: "recovered" },
    ]);
    const outcome = await runSession(s.options()).outcome;
    expect(outcome).toMatchObject({ exitCode: 0, isError: false, resultText: "recovered", apiRetries: 2 });
    const statuses = s.progress.flatMap((e) => (e.kind === "api_retry" ? [e.errorStatus] : []));
    expect(statuses).toEqual([529, 500]);
  });
});
