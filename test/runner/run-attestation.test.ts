import { describe, expect, it } from "vitest";
import { builtInPolicy } from "../../src/runner/policy/built-in-policy.js";
import {
  attestationLines,
  attestRemoteRun,
  attestRun,
  NO_SHELL_POLICY,
  policyDigest,
} from "../../src/runner/run-attestation.js";

const policy = builtInPolicy("review", { workspace: "/work" });
const base = {
  claudeVersion: "2.1.235",
  policy,
  confinement: "host user, own copy of the workspace · Bash sandbox: bubblewrap",
};

describe("attestRun", () => {
  it("a proxied run with an allowlisted environment attests no credential in the agent's hands", () => {
    const attestation = attestRun({
      ...base,
      credentialProxy: true,
      agentEnv: {
        PATH: "/usr/bin",
        ANTHROPIC_API_KEY: "proxy-token-123",
        ANTHROPIC_BASE_URL: "http://127.0.0.1:4",
      },
      hostEnv: { ANTHROPIC_API_KEY: "sk-ant-real", GITHUB_TOKEN: "ghs_x" },
    });
    expect(attestation).toEqual({
      engine: "cli",
      claudeVersion: "2.1.235",
      policy: { name: policy.name, sha256: policyDigest(policy) },
      confinement: base.confinement,
      credentialProxy: true,
      agentCredentials: [],
    });
    expect(attestationLines(attestation)).toEqual([
      "Claude Code: 2.1.235",
      `Tool policy: \`${policy.name}\` (sha256 \`${policyDigest(policy).slice(0, 16)}…\`)`,
      `Confinement: ${base.confinement}`,
      "Model credential: a per-session proxy token (the real key stayed with the runner)",
      "Credentials in the agent's environment: none",
    ]);
  });

  it("names what would break the guarantee: the host's own model key, a withheld secret passed on purpose", () => {
    const attestation = attestRun({
      ...base,
      credentialProxy: false,
      agentEnv: { ANTHROPIC_API_KEY: "sk-ant-real", GITHUB_TOKEN: "ghs_x", NPM_TOKEN: "", HOME: "/h" },
      hostEnv: { ANTHROPIC_API_KEY: "sk-ant-real" },
    });
    expect(attestation.agentCredentials).toEqual(["ANTHROPIC_API_KEY", "GITHUB_TOKEN"]);
    expect(attestationLines(attestation).slice(3)).toEqual([
      "Model credential: no credential proxy",
      "Credentials in the agent's environment: ANTHROPIC_API_KEY, GITHUB_TOKEN",
    ]);
  });

  it("the policy digest is the same for the same rules and changes with any rule", () => {
    expect(policyDigest(builtInPolicy("review", { workspace: "/work" }))).toBe(policyDigest(policy));
    expect(policyDigest(builtInPolicy("audit", { workspace: "/work" }))).not.toBe(policyDigest(policy));
    expect(policyDigest(policy.withRules([{ id: "extra", effect: "deny", tools: ["Bash"] }]))).not.toBe(
      policyDigest(policy),
    );
    expect(policyDigest(policy)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("attestRemoteRun", () => {
  it("a Managed Agents session: the engine, its confirming policy, a read-only mount, no credential in the container", () => {
    const attestation = attestRemoteRun({ policy, access: "read" });
    expect(attestation).toEqual({
      engine: "managed-agents",
      policy: { name: policy.name, sha256: policyDigest(policy) },
      confinement:
        "Anthropic's Managed Agents container; the repository mounted with a read-only token; no edits; every shell command confirmed by the tool policy",
      credentialProxy: false,
      agentCredentials: [],
    });
    expect(attestationLines(attestation)).toEqual([
      "Engine: Claude Managed Agents",
      `Tool policy: \`${policy.name}\` (sha256 \`${policyDigest(policy).slice(0, 16)}…\`)`,
      `Confinement: ${attestation.confinement}`,
      "Model credential: none in the agent's container (the service calls the model)",
      "Credentials in the agent's environment: none",
    ]);
  });

  it("an autofix's edits come back as a patch; without a policy every shell command was refused, and says so", () => {
    const attestation = attestRemoteRun({ policy: undefined, access: "write" });
    expect(attestation.confinement).toContain("edits come back as a patch the runner checks and commits");
    expect(attestation.policy).toEqual({
      name: NO_SHELL_POLICY,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(attestation.policy.sha256).not.toBe(policyDigest(policy));
  });
});
