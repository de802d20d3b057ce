import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { App, aws_lambda as lambda, Stack } from "aws-cdk-lib";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFunctionDefaults } from "../../lambda/infra/node-function-defaults.js";
import { parseJobMessage } from "../../lambda/shared/job-message.js";
import { LoopbackDynamoDb, TEST_CREDENTIALS } from "./support/loopback-dynamodb.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { SecretsDouble } from "./support/secrets-double.js";
import { functionUrlEvent, lambdaContext, pullRequestExample } from "./support/webhook-events.js";

// The webhook as `cdk deploy` ships it: bundled at synth with the stack's own settings (ES module
// builds first, every package inside, minified, split into chunks, node:http as CommonJS), loaded by a plain node process with only its
// environment, answering a signed delivery against dynalite, fauxqs and a Secrets Manager double.
const run = promisify(execFile);
const SECRET = "bundle-webhook-secret-0123456789";
let dynamo: LoopbackDynamoDb;
let sqs: LoopbackSqs;
let secrets: SecretsDouble;
let queue: FifoQueuePair;
let outdir: string;

beforeAll(async () => {
  [dynamo, sqs, secrets] = await Promise.all([
    LoopbackDynamoDb.start(),
    LoopbackSqs.start(),
    SecretsDouble.start({ "prod/webhook-secret": SECRET }),
  ]);
  await dynamo.createIdempotencyTable("idempotency");
  queue = await sqs.createFifoQueueWithDlq("jobs", { maxReceiveCount: 3, visibilityTimeoutSeconds: 30 });
  outdir = await mkdtemp(path.join(tmpdir(), "zip-bundle-"));
});

afterAll(async () => {
  await Promise.all([dynamo?.close(), sqs?.close(), secrets?.close()]);
  if (outdir) await rm(outdir, { recursive: true, force: true });
});

/**
 * One function bundled as the stack bundles it (zipFunctionCode at synth, into `index.mjs` and its
 * chunks), plus a metafile, copied to `dir`: the code as shipped, with what went in.
 */
async function bundleAsTheStackDoes(entry: string, dir: string) {
  const app = new App({ outdir: await mkdtemp(path.join(outdir, "cdk-")) });
  new lambda.Function(new Stack(app, "Bundle"), "Function", nodeFunctionDefaults(entry, { metafile: true }));
  const assembly = app.synth();
  const [asset] = (await readdir(assembly.directory)).filter((name) => name.startsWith("asset."));
  await cp(path.join(assembly.directory, asset as string), dir, { recursive: true });
  const metafile = JSON.parse(await readFile(path.join(dir, "index.meta.json"), "utf8")) as Metafile;
  const modules = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith(".mjs"));
  const sources = await Promise.all(modules.map((name) => readFile(path.join(dir, name), "utf8")));
  return { file: path.join(dir, "index.mjs"), metafile, source: sources.join("\n"), modules };
}

/** Imports the bundle in a fresh node process and hands its handler one event. */
/** Records, in `read`, every file Node reads as a module from here on. */
const RECORD_READS = `const { registerHooks } = await import("node:module");
if (!registerHooks) throw new Error("node:module registerHooks is missing: run the tests on Node 24 (npm test)");
const read = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    if (resolved.url.startsWith("file:")) read.add(new URL(resolved.url).pathname);
    return resolved;
  },
});`;

/** The packages' inputs in the bundle's files that Node read (`read`, from RECORD_READS). */
function inputsRead(file: string, metafile: Metafile, read: string[]): string[] {
  const dir = path.dirname(file);
  const files = read.filter((f) => f.startsWith(`${dir}/`)).map((f) => path.relative(dir, f));
  if (!files.includes("index.mjs")) throw new Error(`index.mjs was not among the files read: ${files}`);
  return files.flatMap((f) => Object.keys(metafile.outputs[f]?.inputs ?? {}));
}

const DRIVER = `${RECORD_READS}
const { handler } = await import(process.argv[1]);
const context = JSON.parse(process.argv[3]);
// A context's functions do not cross JSON: the deadline comes back as Lambda gives it.
const deadline = Date.now() + 30000;
context.getRemainingTimeInMillis = () => deadline - Date.now();
const result = await handler(JSON.parse(process.argv[2]), context);
// Node's bundled undici (fetch, WebSocket) is loaded only when something asks for it.
const undiciLoaded = process.moduleLoadList.some((name) => name.includes("undici"));
process.stdout.write("\\n" + JSON.stringify({ ...result, undiciLoaded, read: [...read] }));`;

/** What a delivery that becomes a job loads on top of the rest (lambda/webhook/enqueue-job.ts). */
const JOB_PATH = [
  "lambda/generated/job-message-validator.cjs",
  "lambda/webhook/enqueue-job.ts",
  "node_modules/@aws-lambda-powertools/idempotency/",
];

/** Runs the bundle's handler on `event` in a fresh node process with the webhook's environment only. */
async function invokeBundle(
  file: string,
  event: unknown,
  extraEnv: Record<string, string> = {},
): Promise<{ statusCode: number; body: string; undiciLoaded: boolean; read: string[] }> {
  const { stdout, stderr } = await run(
    process.execPath,
    [
      "--input-type=module",
      "-e",
      DRIVER,
      file,
      JSON.stringify(event),
      JSON.stringify(lambdaContext("webhook")),
    ],
    {
      env: {
        PATH: process.env.PATH,
        AWS_REGION: "us-east-1",
        AWS_ACCESS_KEY_ID: TEST_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: TEST_CREDENTIALS.secretAccessKey,
        AWS_ENDPOINT_URL_SQS: sqs.endpoint,
        AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
        AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
        JOB_QUEUE_URL: queue.queueUrl,
        IDEMPOTENCY_TABLE_NAME: "idempotency",
        WEBHOOK_SECRET: "secretsmanager:prod/webhook-secret",
        ALLOWED_INSTALLATIONS: "1",
        POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunnerTest",
        ...extraEnv,
      },
      maxBuffer: 1 << 24,
    },
  );
  const answer = JSON.parse(stdout.trim().split("\n").at(-1) as string) as {
    statusCode: number;
    body: string;
    undiciLoaded: boolean;
    read: string[];
  };
  if (answer.statusCode >= 500) console.error(stderr);
  return answer;
}

describe("the webhook bundled as the stack bundles it", () => {
  it("loads with its environment alone, verifies a signed delivery and queues its job; no Ajv inside, no undici, no other credential source read", async () => {
    const { file, metafile, source, modules } = await bundleAsTheStackDoes(
      "lambda/webhook/handler.ts",
      path.join(outdir, "webhook"),
    );
    // Split: what only a dynamic import reaches sits in chunks Node reads if the import runs.
    expect(modules).toContain("index.mjs");
    expect(modules.some((name) => name.startsWith("chunks/"))).toBe(true);
    const packages = Object.keys(metafile.inputs).filter((input) => input.includes("node_modules/"));
    // Only Ajv's runtime helper for string lengths: the validators were compiled at build time.
    expect(packages.filter((input) => /node_modules\/ajv(-formats)?\//.test(input))).toEqual([
      "node_modules/ajv/dist/runtime/ucs2length.js",
    ]);
    // ES module builds: the SDK clients came from dist-es, not dist-cjs.
    expect(packages.some((input) => input.includes("@aws-sdk/client-sqs/dist-es/"))).toBe(true);
    expect(packages.some((input) => input.includes("@aws-sdk/client-sqs/dist-cjs/"))).toBe(false);
    // Its secret is in Secrets Manager: the SSM client is not in the bundle at all.
    expect(packages.some((input) => input.includes("@aws-sdk/client-secrets-manager/"))).toBe(true);
    expect(
      packages.filter((input) => /@aws-sdk\/client-ssm\/|parameters\/lib\/esm\/ssm\//.test(input)),
    ).toEqual([]);

    const payload = pullRequestExample("opened");
    const event = await functionUrlEvent({ event: "pull_request", payload, secret: SECRET });
    const answer = await invokeBundle(file, event);
    expect(answer.statusCode).toBe(202);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "queued", kind: "review" });
    const messages = sqs.messagesIn(queue.queueUrl);
    expect(messages).toHaveLength(1);
    expect(parseJobMessage(messages[0]!.body)).toMatchObject({
      kind: "review",
      owner: "Codertocat",
      repo: "Hello-World",
      pullNumber: 2,
    });
    expect(secrets.requests).toEqual([
      { target: "secretsmanager.GetSecretValue", id: "prod/webhook-secret" },
    ]);
    // node:http reaches the SDK as CommonJS (ZIP_ALIAS): its ES module facade would have read the
    // lazy WebSocket getter and loaded undici, which nothing in a delivery's path uses.
    expect(source.match(/import[^;]{0,80}from\s*"(node:)?http"/)?.[0]).toBeUndefined();
    expect(source.includes('process.getBuiltinModule("node:http")')).toBe(true);
    expect(answer.undiciLoaded).toBe(false);
    // What only a dynamic import reaches was never read: the SDK's other credential sources (a
    // Lambda's are in its environment, as they are here) and the clients they would need.
    const read = inputsRead(file, metafile, answer.read);
    const unread = Object.keys(metafile.inputs).filter((input) => !read.includes(input));
    for (const provider of ["ini", "sso", "process", "web-identity", "login"])
      expect(unread).toContain(`node_modules/@aws-sdk/credential-provider-${provider}/dist-es/index.js`);
    expect(unread.some((input) => input.includes("@aws-sdk/nested-clients/"))).toBe(true);
    expect(read.filter((input) => input.includes("@aws-sdk/nested-clients/"))).toEqual([]);
    // A job delivery loads the job path; picomatch only where REPOSITORIES is set (not here).
    expect(read.filter((input) => JOB_PATH.some((part) => input.includes(part))).length).toBeGreaterThan(3);
    expect(read.filter((input) => input.includes("node_modules/picomatch/"))).toEqual([]);
  });

  it("an ignored delivery reads none of the job path: no job message check, no idempotency, no picomatch", async () => {
    const file = path.join(outdir, "webhook", "index.mjs");
    const metafile = JSON.parse(
      await readFile(path.join(outdir, "webhook", "index.meta.json"), "utf8"),
    ) as Metafile;
    sqs.clearMessages();
    // A PR assigned to someone: signed, from an allowed installation, and no trigger.
    const event = await functionUrlEvent({
      event: "pull_request",
      payload: pullRequestExample("assigned"),
      secret: SECRET,
    });
    const answer = await invokeBundle(file, event, { REPOSITORIES: "Codertocat/*" });
    expect(answer.statusCode).toBe(202);
    expect(JSON.parse(answer.body)).toMatchObject({ status: "ignored" });
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
    const read = inputsRead(file, metafile, answer.read);
    expect(
      read.filter((input) => [...JOB_PATH, "node_modules/picomatch/"].some((part) => input.includes(part))),
    ).toEqual([]);
    // They are in the bundle, in chunks of their own.
    const unread = Object.keys(metafile.inputs).filter((input) => !read.includes(input));
    for (const part of [...JOB_PATH, "node_modules/picomatch/"])
      expect(
        unread.some((input) => input.includes(part)),
        part,
      ).toBe(true);
  });

  it("a forged signature is refused by the bundle too, and nothing is queued", async () => {
    const file = path.join(outdir, "webhook", "index.mjs");
    sqs.clearMessages();
    const event = await functionUrlEvent({
      event: "pull_request",
      payload: pullRequestExample("opened"),
      secret: "not-the-secret",
    });
    const answer = await invokeBundle(file, event);
    expect(answer.statusCode).toBe(401);
    expect(sqs.messagesIn(queue.queueUrl)).toHaveLength(0);
  });
});

/**
 * Imports a bundle in a fresh node process with `env` only: "loaded" (and whether Node's undici came
 * with it) or the error it stopped with, and the files Node read.
 */
async function importBundle(
  file: string,
  env: Record<string, string>,
): Promise<{ status: string; read: string[] }> {
  // The Lambda runtime's own global, which the gateway's streaming handler is wrapped with at load.
  const probe = `${RECORD_READS}
globalThis.awslambda = { streamifyResponse: (f) => f, HttpResponseStream: { from: (s) => s } };
let status = "loaded";
try {
  await import(process.argv[1]);
  // Node's bundled undici is not loaded at cold start by any import of node:http (ZIP_ALIAS).
  if (process.moduleLoadList.some((name) => name.includes("undici"))) status = "loaded, and undici with it";
} catch (error) { status = String(error); }
console.log(JSON.stringify({ status, read: [...read] }));`;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", probe, file], {
    env: { PATH: process.env.PATH, AWS_REGION: "us-east-1", ...env },
    maxBuffer: 1 << 24,
  });
  return JSON.parse(stdout.trim().split("\n").at(-1) as string) as { status: string; read: string[] };
}

describe("the gateway, the schedule, the delivery sweep and the Anthropic webhook bundled as the stack bundles them", () => {
  const APP = { GITHUB_APP_ID: "12345", GITHUB_APP_PRIVATE_KEY: "secretsmanager:prod/app-key" };
  const cases: Array<[string, string, Record<string, string>, string, Record<string, string>]> = [
    [
      "gateway",
      "lambda/gateway/handler.ts",
      { GATEWAY_TOKENS_TABLE: "tokens", ANTHROPIC_API_KEY_SECRET: "secretsmanager:prod/key" },
      "GATEWAY_TOKENS_TABLE",
      { MODEL_PROVIDER: "not-a-provider" },
    ],
    [
      "schedule",
      "lambda/schedule/handler.ts",
      { ...APP, JOB_QUEUE_URL: "q" },
      "JOB_QUEUE_URL",
      { SCHEDULED_JOBS: "nap" },
    ],
    ["sweep", "lambda/schedule/sweep-handler.ts", APP, "GITHUB_APP_ID", { SWEEP_WINDOW_MINUTES: "soon" }],
    [
      "anthropic-webhook",
      "lambda/managed-agents/anthropic-webhook-function.ts",
      { ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET: "secretsmanager:prod/signing", SETTLE_QUEUE_URL: "q" },
      "SETTLE_QUEUE_URL",
      { ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET: "ssm:" },
    ],
  ];
  it.each(cases)(
    "the %s: no Ajv inside; its cold start reads no lazily imported code; its precompiled check loads a good environment and names what is wrong in a bad one",
    async (name, entry, env, required, wrong) => {
      const { file, metafile } = await bundleAsTheStackDoes(entry, path.join(outdir, name));
      const inputs = Object.keys(metafile.inputs);
      // At most Ajv's runtime helper for string lengths (the schedule checks the queue messages it sends).
      expect(
        inputs.filter(
          (input) =>
            /node_modules\/(ajv|ajv-formats|fast-uri)\//.test(input) &&
            input !== "node_modules/ajv/dist/runtime/ucs2length.js",
        ),
      ).toEqual([]);
      expect(inputs).toContain(`lambda/generated/${name}-settings-validator.cjs`);

      const loaded = await importBundle(file, env);
      expect(loaded.status).toBe("loaded");
      // Split: what only a dynamic import reaches is not read at cold start (Vertex's and Bedrock's
      // clients in the gateway, SSM where no secret is in SSM, the SDK's other credential sources).
      expect(
        inputsRead(file, metafile, loaded.read).filter((input) =>
          /google-auth-library|@aws-sdk\/(client-ssm|credential-providers|nested-clients)\//.test(input),
        ),
      ).toEqual([]);
      const { [required]: _missing, ...withoutRequired } = env;
      expect((await importBundle(file, withoutRequired)).status).toContain(required);
      const [setting] = Object.keys(wrong);
      expect((await importBundle(file, { ...env, ...wrong })).status).toContain(setting);
    },
  );
});
