// An MCP stdio server whose one tool, `confirm`, asks the user first: on tools/call it sends the
// client an `elicitation/create` request (form mode), waits for the answer, then announces
// `notifications/elicitation/complete` for elicitation id `elicit-42` and returns the answer as the
// tool's text. Every JSON-RPC message it receives is appended to <dir>/received.log.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node elicit-mcp-server.mjs <record dir>");
  process.exit(2);
}

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
const waiting = new Map();

createInterface({ input: process.stdin }).on("line", (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  appendFileSync(join(dir, "received.log"), `${line}\n`);
  if (message.method === undefined && waiting.has(message.id)) {
    waiting.get(message.id)(message);
    waiting.delete(message.id);
    return;
  }
  if (message.id === undefined) return; // a notification
  if (message.method === "initialize") {
    send({
      id: message.id,
      result: {
        protocolVersion: message.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "asker", version: "1.0.0" },
      },
    });
  } else if (message.method === "tools/list") {
    send({
      id: message.id,
      result: {
        tools: [
          {
            name: "confirm",
            description: "Asks the user to confirm, then reports the answer.",
            inputSchema: { type: "object", properties: { topic: { type: "string" } } },
          },
        ],
      },
    });
  } else if (message.method === "tools/call") {
    const ask = "elicit-request-1";
    waiting.set(ask, (answer) => {
      send({ method: "notifications/elicitation/complete", params: { elicitationId: "elicit-42" } });
      send({
        id: message.id,
        result: {
          content: [{ type: "text", text: `answer: ${JSON.stringify(answer.result ?? answer.error)}` }],
        },
      });
    });
    send({
      id: ask,
      method: "elicitation/create",
      params: {
        message: `Proceed with ${message.params?.arguments?.topic ?? "it"}?`,
        requestedSchema: { type: "object", properties: { ok: { type: "boolean" } }, required: ["ok"] },
      },
    });
  } else {
    send({ id: message.id, error: { code: -32601, message: `method ${message.method} not supported` } });
  }
});
