// A minimal MCP stdio server for tests of MCP tools under the runner's policy. It writes its own
// environment to <dir>/environ.json when it starts (so a test can prove which variables the CLI
// handed it), logs every JSON-RPC method to <dir>/methods.log, and offers one tool, `lookup`,
// whose calls it records in <dir>/calls.log before answering.
import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node tool-mcp-server.mjs <record dir>");
  process.exit(2);
}
writeFileSync(join(dir, "environ.json"), JSON.stringify(process.env));

const reply = (id, body) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", id, ...body })}\n`);

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  appendFileSync(join(dir, "methods.log"), `${message.method}\n`);
  if (message.id === undefined) return; // a notification
  if (message.method === "initialize") {
    reply(message.id, {
      result: {
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "probe", version: "1.0.0" },
      },
    });
  } else if (message.method === "tools/list") {
    reply(message.id, {
      result: {
        tools: [
          {
            name: "lookup",
            description: "Looks a word up.",
            inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] },
          },
        ],
      },
    });
  } else if (message.method === "tools/call") {
    appendFileSync(join(dir, "calls.log"), `${JSON.stringify(message.params)}\n`);
    reply(message.id, {
      result: { content: [{ type: "text", text: `lookup says: ${message.params?.arguments?.q}` }] },
    });
  } else {
    reply(message.id, { error: { code: -32601, message: `method ${message.method} not supported` } });
  }
});
