import { writeFileSync } from "node:fs";
import { handler } from "../../../lambda/agent/handler.js";

// The agent function as its own process, the way Lambda runs it: a fresh process with only the
// environment the test gives it, one request on stdin, the response on stdout. argv[2], when given,
// receives a dump of this process's environment so the test can check no secret reached it.
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(process.env));
const response = await handler(JSON.parse(Buffer.concat(chunks).toString("utf8")));
process.stdout.write(JSON.stringify(response));
