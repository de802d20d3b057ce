import { describe, expect, it } from "vitest";
import { forwardableRequest } from "../../src/sandbox/credential-proxy/index.js";
import { HOSTILE_TARGETS } from "../red-team/hostile-proxy-targets.js";

describe("forwardableRequest: the proxy's allowlist of method and normalised path", () => {
  it("allows the model calls of each provider the CLI speaks to", () => {
    for (const target of [
      "/v1/messages",
      "/v1/messages?beta=true",
      "/v1/messages/count_tokens?beta=true",
      "/model/us.anthropic.claude-opus-4-5-20251101-v1%3A0/invoke-with-response-stream",
      "/model/us.anthropic.claude-opus-4-5-20251101-v1:0/invoke",
      "/model/anthropic.claude-3/count-tokens",
      "/v1/projects/p-1/locations/us-east5/publishers/anthropic/models/claude-opus-4-5@20251101:streamRawPredict",
      "/v1/projects/p-1/locations/global/publishers/anthropic/models/count-tokens:rawPredict",
    ]) {
      expect(forwardableRequest("POST", target), target).toEqual({ ok: true, path: target });
    }
  });

  it("refuses everything else, each with its reason", () => {
    for (const [method, target, reason] of HOSTILE_TARGETS) {
      const decision = forwardableRequest(method, target);
      expect(decision.ok, `${method} ${target}`).toBe(false);
      if (!decision.ok) expect(decision.reason, `${method} ${target}`).toMatch(reason);
    }
  });
});
