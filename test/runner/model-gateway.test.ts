import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  MODEL_CREDENTIAL_VARIABLES,
  type ModelGateway,
  openModelGateway,
  providerFromEnvironment,
} from "../../src/runner/model-gateway.js";
import type { ModelProvider } from "../../src/runner/model-provider.js";
import { RunnerConfigError } from "../../src/runner/runner-config-error.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";

const opened: ModelGateway[] = [];
afterEach(async () => {
  for (const gateway of opened.splice(0)) await gateway.proxy.close();
});

async function open(
  hostEnv: Record<string, string>,
  agentEnv: Record<string, string> = { ...hostEnv },
  provider?: ModelProvider,
) {
  const gateway = await openModelGateway({
    hostEnv,
    agentEnv,
    onStop: () => {},
    ...(provider ? { provider } : {}),
  });
  if (gateway) opened.push(gateway);
  return gateway;
}

describe("openModelGateway", () => {
  it("removes every model credential from the agent's environment and points it at the proxy", async () => {
    const secrets = Object.fromEntries(MODEL_CREDENTIAL_VARIABLES.map((name) => [name, `secret-${name}`]));
    const gateway = await open({ PATH: "/bin", ANTHROPIC_BASE_URL: "http://127.0.0.1:9", ...secrets });
    const env = gateway?.env ?? {};
    expect(env.PATH).toBe("/bin");
    expect(env.ANTHROPIC_BASE_URL).toBe(gateway?.proxy.url);
    expect(env.ANTHROPIC_API_KEY).toBe(gateway?.proxy.proxy.token.value);
    for (const value of Object.values(secrets)) expect(Object.values(env)).not.toContain(value);
  });

  it("points the agent at the proxy's socket when asked, and never passes on a socket the host named", async () => {
    const hostEnv = {
      ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
      ANTHROPIC_UNIX_SOCKET: "/run/host-proxy.sock",
    };
    // The host's own socket (say, another proxy's) would route the agent around this one.
    expect((await open(hostEnv))?.env.ANTHROPIC_UNIX_SOCKET).toBeUndefined();
    const dir = await mkdtemp(path.join(tmpdir(), "gateway-socket-"));
    try {
      const socket = path.join(dir, "model-api.sock");
      const gateway = await openModelGateway({
        hostEnv,
        agentEnv: { ...hostEnv },
        onStop: () => {},
        unixSocket: socket,
      });
      opened.push(gateway);
      expect(gateway.env.ANTHROPIC_UNIX_SOCKET).toBe(socket);
      expect(gateway.proxy.socket).toBe(socket);
      expect(gateway.env.ANTHROPIC_BASE_URL).toBe(gateway.proxy.url);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("takes the host's API key first, then an auth token (bearer), then an OAuth token", async () => {
    const api = await ScriptedMessagesApi.start(() => ({ kind: "text", text: "ok" }), {
      keepCredentials: true,
    });
    try {
      const cases: Array<[Record<string, string>, object]> = [
        [{ ANTHROPIC_API_KEY: "k1", ANTHROPIC_AUTH_TOKEN: "t1" }, { xApiKey: "k1" }],
        [{ ANTHROPIC_AUTH_TOKEN: "t1", CLAUDE_CODE_OAUTH_TOKEN: "o1" }, { authorization: "Bearer t1" }],
        [{ CLAUDE_CODE_OAUTH_TOKEN: "o1" }, { authorization: "Bearer o1" }],
      ];
      for (const [credentials, expected] of cases) {
        const gateway = await open({ ANTHROPIC_BASE_URL: api.url, ...credentials }, {});
        await (
          await fetch(`${gateway?.proxy.url}/v1/messages`, {
            method: "POST",
            headers: { "x-api-key": gateway?.proxy.proxy.token.value ?? "" },
            body: "{}",
          })
        ).text();
        expect(api.requests.at(-1)?.credentials).toEqual(expected);
      }
    } finally {
      await api.close();
    }
  });

  it("chooses the provider from the CLI's own switches, else from the credential present", () => {
    expect(providerFromEnvironment({ CLAUDE_CODE_USE_BEDROCK: "1" })).toBe("bedrock");
    expect(providerFromEnvironment({ CLAUDE_CODE_USE_VERTEX: "true" })).toBe("vertex");
    expect(providerFromEnvironment({ CLAUDE_CODE_USE_FOUNDRY: "1" })).toBe("foundry");
    expect(providerFromEnvironment({ CLAUDE_CODE_USE_BEDROCK: "0", ANTHROPIC_API_KEY: "k" })).toBe(
      "anthropic",
    );
    expect(providerFromEnvironment({ CLAUDE_CODE_OAUTH_TOKEN: "o" })).toBe("anthropic-oauth");
    expect(providerFromEnvironment({ CLAUDE_CODE_OAUTH_TOKEN: "o", ANTHROPIC_API_KEY: "k" })).toBe(
      "anthropic",
    );
    expect(providerFromEnvironment({})).toBe("anthropic");
  });

  it("puts the CLI in the provider's gateway mode with the token as a custom header, keeping other headers", async () => {
    const gateway = await open(
      {
        AWS_REGION: "us-west-2",
        AWS_ACCESS_KEY_ID: "AKIA",
        AWS_SECRET_ACCESS_KEY: "s",
        ANTHROPIC_CUSTOM_HEADERS: "x-team: a\nx-api-key: stale",
      },
      {},
      "bedrock",
    );
    expect(gateway?.env).toMatchObject({
      CLAUDE_CODE_USE_BEDROCK: "1",
      CLAUDE_CODE_SKIP_BEDROCK_AUTH: "1",
      ANTHROPIC_BEDROCK_BASE_URL: gateway?.proxy.url,
      AWS_REGION: "us-west-2",
      ANTHROPIC_CUSTOM_HEADERS: `x-team: a\nx-api-key: ${gateway?.proxy.proxy.token.value}`,
    });
    expect(gateway?.proxy.proxy.upstream.href).toBe("https://bedrock-runtime.us-west-2.amazonaws.com/");
  });

  it("refuses an upstream that is not an http(s) URL before anything starts", async () => {
    await expect(open({ ANTHROPIC_BASE_URL: "ftp://example.com" })).rejects.toBeInstanceOf(RunnerConfigError);
    await expect(open({ ANTHROPIC_BASE_URL: "ftp://example.com" })).rejects.toThrow(
      /must be an http\(s\) URL/,
    );
  });

  it("defaults the upstream to the Anthropic API", async () => {
    const gateway = await open({ ANTHROPIC_API_KEY: "k" });
    expect(gateway?.proxy.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(gateway?.proxy.proxy.upstream.href).toBe("https://api.anthropic.com/");
  });
});
