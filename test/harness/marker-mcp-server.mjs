// A minimal MCP stdio server for conformance tests: it appends every JSON-RPC method it receives to
// the marker file named by argv[2] (so a test can tell whether the CLI ever started it) and offers
// one tool, `probe_tool`, so a test can also see whether the CLI offered it to the model.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const marker = process.argv[2];
if (!marker) {
  console.error("usage: node marker-mcp-server.mjs <marker file>");
  process.exit(2);
}
appendFileSync(marker, "spawned\n");

const reply = (id, body) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, ...body })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  appendFileSync(marker, `${message.method}\n`);
  if (message.id === undefined) return; // a notification
  if (message.method === "initialize") {
    reply(message.id, {
      result: {
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "marker", version: "1.0.0" },
      },
    });
  } else if (message.method === "tools/list") {
    reply(message.id, {
      result: {
        tools: [
          {
            name: "probe_tool",
            description: "does nothing",
            inputSchema: { type: "object", properties: {} },
          },
        ],
      },
    });
  } else {
    reply(message.id, { error: { code: -32601, message: `method ${message.method} not supported` } });
  }
});
