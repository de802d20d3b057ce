// Inspect and redrive the Lambda job queue's DLQ (docs/lambda.md#operations):
//   node --import tsx scripts/lambda-dlq.ts list    --dlq <DeadLetterQueueUrl>
//   node --import tsx scripts/lambda-dlq.ts redrive --dlq <DeadLetterQueueUrl> --queue <JobQueueUrl> [--job <jobId>] [--max N]
// AWS credentials and region come from the usual AWS environment / profile.
import { parseArgs } from "node:util";
import { SQSClient } from "@aws-sdk/client-sqs";
import { listDeadLetters, redriveDeadLetters } from "../lambda/shared/dead-letters.js";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    dlq: { type: "string" },
    queue: { type: "string" },
    job: { type: "string" },
    max: { type: "string", default: "100" },
  },
});
const [command] = positionals;
const max = Number(values.max);
if (!values.dlq || !["list", "redrive"].includes(command ?? "") || !Number.isInteger(max) || max < 1) {
  process.stderr.write(
    "usage: lambda-dlq.ts list --dlq URL | redrive --dlq URL --queue URL [--job ID] [--max N]\n",
  );
  process.exit(2);
}
const sqs = new SQSClient({});
if (command === "list") {
  for (const letter of await listDeadLetters(sqs, values.dlq, max)) {
    const { body: _body, ...summary } = letter;
    process.stdout.write(`${JSON.stringify(summary)}\n`);
  }
} else {
  if (!values.queue) {
    process.stderr.write("redrive needs --queue <JobQueueUrl>\n");
    process.exit(2);
  }
  const moved = await redriveDeadLetters(
    sqs,
    { dlqUrl: values.dlq, queueUrl: values.queue },
    { max, ...(values.job ? { filter: (l) => l.jobId === values.job } : {}) },
  );
  process.stdout.write(`redrove ${moved.length} message(s)\n`);
}
