// A Lambda sandbox for the worker, as a process the test can kill: it imports the real
// lambda/worker/handler.ts (configured only through the environment the parent sets, as the stack
// would), reads one SQS event from stdin, invokes the handler and prints the batch response on a line
// of its own. Killing this process mid-job is what a Lambda timeout or an out-of-memory kill does.
import { createInterface } from "node:readline";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { lambdaContext } from "./webhook-events.js";

const lines: string[] = [];
for await (const line of createInterface({ input: process.stdin })) lines.push(line);
const event = JSON.parse(lines.join("\n")) as SQSEvent;
const { handler } = (await import("../../../lambda/worker/handler.js")) as {
  handler: (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse>;
};
const response = await handler(event, lambdaContext("worker", 300_000));
process.stdout.write(`\nSANDBOX-RESPONSE ${JSON.stringify(response)}\n`);
