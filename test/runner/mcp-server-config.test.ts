import { describe, expect, it } from "vitest";
import { checkMcpServerConfig, McpConfigError } from "../../src/runner/mcp-server-config.js";

const trusted = { trusted: true };

describe("checkMcpServerConfig", () => {
  it("keeps stdio and http servers in the CLI's --mcp-config shape", () => {
    expect(
      checkMcpServerConfig(
        {
          mcpServers: {
            docs: { command: "node", args: ["server.mjs"], env: { DOCS_ROOT: "/srv" } },
            remote: { url: "https://mcp.example.com/mcp", headers: { "X-Team": "a" } },
            events: { type: "sse", url: "http://127.0.0.1:9/sse" },
          },
        },
        trusted,
      ),
    ).toEqual({
      mcpServers: {
        docs: { type: "stdio", command: "node", args: ["server.mjs"], env: { DOCS_ROOT: "/srv" } },
        remote: { type: "http", url: "https://mcp.example.com/mcp", headers: { "X-Team": "a" } },
        events: { type: "sse", url: "http://127.0.0.1:9/sse" },
      },
    });
  });

  it("refuses any server for an untrusted (fork) job, with a typed error", () => {
    const attempt = () =>
      checkMcpServerConfig({ mcpServers: { docs: { command: "node" } } }, { trusted: false });
    expect(attempt).toThrow(McpConfigError);
    expect(attempt).toThrow(/refused for an untrusted \(fork\) job/);
  });

  it.each<[string, unknown, RegExp]>([
    ["not an object", [], /must be a JSON object/],
    ["no mcpServers", { servers: {} }, /must be a JSON object/],
    ["an extra key", { mcpServers: { a: { command: "x" } }, hooks: {} }, /unknown keys: hooks/],
    ["no server", { mcpServers: {} }, /names no server/],
    ["a bad name", { mcpServers: { "a b": { command: "x" } } }, /server name "a b"/],
    ["no command", { mcpServers: { a: { args: [] } } }, /needs a command/],
    [
      "non-string args",
      { mcpServers: { a: { command: "x", args: [1] } } },
      /args must be an array of strings/,
    ],
    [
      "a withheld credential in env",
      { mcpServers: { a: { command: "x", env: { GITHUB_TOKEN: "t" } } } },
      /env.GITHUB_TOKEN is a credential/,
    ],
    [
      "AWS keys in env",
      { mcpServers: { a: { command: "x", env: { AWS_SECRET_ACCESS_KEY: "t" } } } },
      /AWS_SECRET_ACCESS_KEY/,
    ],
    [
      "a non-string env value",
      { mcpServers: { a: { command: "x", env: { A: 1 } } } },
      /env must map names to strings/,
    ],
    [
      "a file url",
      { mcpServers: { a: { type: "http", url: "file:///etc/passwd" } } },
      /needs an http\(s\) url/,
    ],
    [
      "an unknown type",
      { mcpServers: { a: { type: "ws", url: "http://x" } } },
      /type must be stdio, http or sse/,
    ],
    ["an unsupported key", { mcpServers: { a: { command: "x", cwd: "/" } } }, /unsupported keys: cwd/],
  ])("refuses %s", (_name, value, message) => {
    expect(() => checkMcpServerConfig(value, trusted)).toThrow(message);
  });
});
