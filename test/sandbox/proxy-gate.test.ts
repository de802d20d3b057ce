import { describe, expect, it } from "vitest";
import {
  JobToken,
  ProxyGate,
  type ProxyStopReason,
  presentedToken,
} from "../../src/sandbox/credential-proxy/index.js";

// The credential proxy's gate, decision by decision (the loopback tests in credential-proxy.test.ts
// prove the same gate over HTTP): which token passes, and when the job's token stops passing.
const TOKEN = "cpr-proxy-the-job-token";

function gate(options: { maxCostUsd?: number } = {}) {
  const stops: ProxyStopReason[] = [];
  const g = new ProxyGate({ token: new JobToken(TOKEN), onStop: (r) => stops.push(r), ...options });
  return { g, stops };
}

describe("which token the gate accepts", () => {
  it.each([
    ["the job token as x-api-key", { "x-api-key": TOKEN }],
    ["the job token as a bearer", { authorization: `Bearer ${TOKEN}` }],
    ["a lower-case bearer with extra spaces", { authorization: `bearer   ${TOKEN}  ` }],
    ["an empty x-api-key next to a bearer", { "x-api-key": "", authorization: `Bearer ${TOKEN}` }],
  ])("passes %s", (_name, headers) => {
    expect(gate().g.refusalFor(headers)).toBeUndefined();
  });

  it.each([
    ["no credential at all", {}],
    ["another token", { "x-api-key": "cpr-proxy-someone-else" }],
    ["the job token with a suffix", { "x-api-key": `${TOKEN}x` }],
    ["a prefix of the job token", { "x-api-key": TOKEN.slice(0, -1) }],
    ["the job token as Basic auth", { authorization: `Basic ${TOKEN}` }],
    ["a bearer with no token", { authorization: "Bearer " }],
    ["a bearer with only spaces", { authorization: "Bearer    " }],
    ["a bearer not at the start", { authorization: `Token Bearer ${TOKEN}` }],
    ["the bearer word glued to the token", { authorization: `Bearer${TOKEN}` }],
    [
      "a wrong x-api-key next to the right bearer",
      { "x-api-key": "wrong", authorization: `Bearer ${TOKEN}` },
    ],
  ])("refuses %s with 401 unknown token", (_name, headers) => {
    expect(gate().g.refusalFor(headers)).toEqual({
      status: 401,
      type: "authentication_error",
      message:
        "claude-pr-runner credential proxy: unknown token; this proxy serves one job and accepts only that job's token",
    });
  });

  it("reads the token as presented: x-api-key first, else the bearer, trimmed", () => {
    expect(presentedToken({ "x-api-key": "k", authorization: "Bearer b" })).toBe("k");
    expect(presentedToken({ authorization: "Bearer  b c " })).toBe("b c");
    expect(presentedToken({ authorization: "Token b" })).toBeUndefined();
    expect(presentedToken({ "x-api-key": "" })).toBeUndefined();
  });

  it("a job token is 32 random bytes after a fixed prefix, different for every job", () => {
    const a = new JobToken();
    const b = new JobToken();
    expect(a.value).toMatch(/^cpr-proxy-[A-Za-z0-9_-]{43}$/);
    expect(a.value).not.toBe(b.value);
    expect(a.matches(a.value)).toBe(true);
    expect(a.matches(b.value)).toBe(false);
    expect(a.matches("")).toBe(false);
  });
});

describe("when the job's own token stops passing", () => {
  it("after the job ended (revoked): 401 saying so; an unknown token is still called unknown", () => {
    const { g, stops } = gate();
    g.revoke();
    expect(g.refusalFor({ "x-api-key": TOKEN })).toEqual({
      status: 401,
      type: "authentication_error",
      message:
        "claude-pr-runner credential proxy: the job this token belonged to has ended; the token is no longer accepted",
    });
    expect(g.refusalFor({ "x-api-key": "other" })?.message).toContain("unknown token");
    // Revoking is not a stop of the job's own making: nothing to report.
    expect(stops).toEqual([]);
  });

  it("at the spend cap: the charge that reaches it stops the job once, then 402 billing_error", () => {
    const { g, stops } = gate({ maxCostUsd: 0.001 });
    g.charge(0.0006);
    expect(g.spentUsd).toBeCloseTo(0.0006, 12);
    expect(g.refusalFor({ "x-api-key": TOKEN })).toBeUndefined();
    expect(stops).toEqual([]);
    g.charge(0.0004); // exactly the cap: reached
    expect(stops).toEqual([
      {
        kind: "budget_exceeded",
        spentUsd: expect.closeTo(0.001, 12),
        capUsd: 0.001,
        message:
          "claude-pr-runner credential proxy: the job's spend cap of $0.001 is reached ($0.001000 metered); no further model requests are allowed",
      },
    ]);
    expect(g.stopReason).toBe(stops[0]);
    expect(g.refusalFor({ "x-api-key": TOKEN })).toEqual({
      status: 402,
      type: "billing_error",
      message: stops[0]!.message,
    });
    g.charge(1);
    expect(stops).toHaveLength(1);
    expect(g.spentUsd).toBeCloseTo(1.001, 12);
  });

  it("a cap of zero refuses the first request before anything is spent", () => {
    const { g, stops } = gate({ maxCostUsd: 0 });
    expect(g.refusalFor({ "x-api-key": TOKEN })).toMatchObject({ status: 402, type: "billing_error" });
    expect(stops).toEqual([expect.objectContaining({ kind: "budget_exceeded", spentUsd: 0, capUsd: 0 })]);
  });

  it("without a cap, spending never stops the job", () => {
    const { g, stops } = gate();
    g.charge(1_000_000);
    expect(g.refusalFor({ "x-api-key": TOKEN })).toBeUndefined();
    expect(stops).toEqual([]);
    expect(g.stopReason).toBeUndefined();
  });

  it("after upstream rejected the credential: its status and a message that says what to check, for good", () => {
    const { g, stops } = gate();
    const refusal = g.upstreamRejected(401, "invalid x-api-key");
    const message =
      "claude-pr-runner credential proxy: the model API rejected the credentials (HTTP 401 invalid x-api-key); check ANTHROPIC_API_KEY, the OAuth token or the cloud credentials. Retrying cannot fix this, so the job's further requests are refused";
    expect(refusal).toEqual({ status: 401, type: "authentication_error", message });
    expect(stops).toEqual([{ kind: "upstream_auth_failed", status: 401, message }]);
    expect(g.refusalFor({ "x-api-key": TOKEN })).toEqual(refusal);
  });

  it("a 403 without detail: permission_error, and the message has no dangling space", () => {
    const { g } = gate();
    const refusal = g.upstreamRejected(403, "");
    expect(refusal.type).toBe("permission_error");
    expect(refusal.message).toContain("(HTTP 403);");
    expect(g.refusalFor({ authorization: `Bearer ${TOKEN}` })).toMatchObject({
      status: 403,
      type: "permission_error",
    });
  });

  it("the first stop is the one reported: a later rejection keeps the cap's message and calls no one", () => {
    const { g, stops } = gate({ maxCostUsd: 0.5 });
    g.charge(0.5);
    const refusal = g.upstreamRejected(401, "expired");
    expect(stops.map((s) => s.kind)).toEqual(["budget_exceeded"]);
    expect(refusal).toEqual({ status: 401, type: "authentication_error", message: stops[0]!.message });
    expect(g.refusalFor({ "x-api-key": TOKEN })?.status).toBe(402);
  });

  it("a listener that throws does not break the gate", () => {
    const g = new ProxyGate({
      token: new JobToken(TOKEN),
      maxCostUsd: 0.1,
      onStop: () => {
        throw new Error("listener failed");
      },
    });
    expect(() => g.charge(0.2)).not.toThrow();
    expect(g.refusalFor({ "x-api-key": TOKEN })?.status).toBe(402);
  });

  it("any other status a refusal carries is an api_error", () => {
    const { g } = gate();
    expect(g.upstreamRejected(500, "odd").type).toBe("api_error");
  });
});
