import { describe, expect, it } from "vitest";
import { type AgentNetworkRequest, planAgentNetwork } from "../../src/runner/isolation/agent-network.js";
import { findIpCommand } from "../../src/runner/isolation/agent-user.js";

const contained = {
  name: "claude-agent",
  uid: 990,
  gid: 991,
  via: "root" as const,
  pidNamespace: { contained: true as const },
  networkNamespace: { available: true as const },
};

function plan(overrides: Partial<AgentNetworkRequest> = {}) {
  return planAgentNetwork({
    user: contained,
    sessionRoot: "/tmp/claude-pr-runner-abc",
    credentialProxy: true,
    allowedDomains: [],
    offeredTools: ["Read", "Grep", "Bash"],
    mcpServers: false,
    ...overrides,
  });
}

describe("planAgentNetwork", () => {
  it("gives a contained agent that needs no network a namespace of its own, the proxy's socket in the session's root", () => {
    const ip = findIpCommand();
    expect(plan()).toEqual({
      own: true,
      socket: "/tmp/claude-pr-runner-abc/model-api.sock",
      loopbackUp: ip,
      summary: ip
        ? "no network but the model API (own network namespace)"
        : "no network but the model API (own network namespace; loopback down: iproute2's ip is not installed)",
    });
  });

  it("says nothing for an agent on the host's user", () => {
    expect(plan({ user: undefined })).toBeUndefined();
  });

  it("keeps the host's network, and says why, where the job grants the network or no namespace can be made", () => {
    const cases: Array<[Partial<AgentNetworkRequest>, string]> = [
      [{ allowedDomains: ["registry.npmjs.org", "pypi.org"] }, "Bash may reach registry.npmjs.org, pypi.org"],
      [{ offeredTools: ["Read", "WebFetch"] }, "WebFetch is allowed"],
      [{ mcpServers: true }, "MCP servers are configured"],
      [{ credentialProxy: false }, "the credential proxy is off: the CLI calls the provider itself"],
      [{ user: { ...contained, pidNamespace: undefined } }, "its launch makes no namespace"],
      [
        {
          user: {
            ...contained,
            pidNamespace: { contained: false, reason: "no PID namespace of its own: EPERM" },
          },
        },
        "no PID namespace of its own: EPERM",
      ],
      [
        {
          user: {
            ...contained,
            networkNamespace: { available: false, reason: "no network namespace: EPERM" },
          },
        },
        "no network namespace: EPERM",
      ],
      [{ user: { ...contained, networkNamespace: undefined } }, "no network namespace checked"],
    ];
    for (const [overrides, reason] of cases) {
      expect(plan(overrides), reason).toEqual({ own: false, summary: `host network (${reason})` });
    }
  });

  it("keeps the host's network where the session's root is too long a path for a Unix socket (107 bytes with the name)", () => {
    const fits = `/r${"x".repeat(107 - "/r/model-api.sock".length)}`;
    expect(plan({ sessionRoot: fits })).toMatchObject({ own: true, socket: `${fits}/model-api.sock` });
    const tooLong = `${fits}y`;
    expect(plan({ sessionRoot: tooLong })).toEqual({
      own: false,
      summary: `host network (the session's root is too long a path for a Unix socket: ${tooLong})`,
    });
  });
});
