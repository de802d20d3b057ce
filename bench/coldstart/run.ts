// Cold-start benchmark: each zip function bundled as the CDK stack bundles it (esbuild, ESM, node24,
// minified, every package inside), side by side with a floor handler that loads only what that
// function truly needs (bench/coldstart/floors). Each import runs in a fresh node process with the
// function's own environment from the synthesized stack (placeholders for what only AWS knows), in
// rotating order. Reports bundle bytes, import time and RSS after import, medians over the runs, and
// the same function without ZIP_ALIAS (node:http through Node's ES module facade).
// Run: node --import tsx bench/coldstart/run.ts [runs=7]
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { build } from "esbuild";
import { ClaudePrRunnerStack } from "../../lambda/infra/claude-pr-runner-stack.js";
import { ZIP_ALIAS, ZIP_BANNER, ZIP_MAIN_FIELDS } from "../../lambda/infra/node-function-defaults.js";
import { median, OUT_DIR, ROOT } from "../shared/read-session.js";

const runs = Math.max(5, Number(process.argv[2] ?? 7));
const execFileAsync = promisify(execFile);

/** Function → its entry, its logical id's prefix in the stack, and its floor handler. */
const FUNCTIONS = {
  webhook: { entry: "lambda/webhook/handler.ts", logicalId: "WebhookFunction" },
  gateway: { entry: "lambda/gateway/handler.ts", logicalId: "ModelGatewayFunction" },
  schedule: { entry: "lambda/schedule/handler.ts", logicalId: "ScheduleFunction" },
  sweep: { entry: "lambda/schedule/sweep-handler.ts", logicalId: "DeliverySweepFunction" },
  "anthropic-webhook": {
    entry: "lambda/managed-agents/anthropic-webhook-function.ts",
    logicalId: "ManagedAgentsWebhookFunction",
  },
  "session-sweep": {
    entry: "lambda/managed-agents/session-sweep-function.ts",
    logicalId: "ManagedAgentsSweepFunction",
  },
} as const;
type Name = keyof typeof FUNCTIONS;
const NAMES = Object.keys(FUNCTIONS) as Name[];

// --- each function's environment, as the stack sets it (the managed-agents engine has them all) ---
const cdkOut = await mkdtemp(path.join(tmpdir(), "coldstart-synth-"));
const app = new App({
  outdir: cdkOut,
  context: { "aws:cdk:bundling-stacks": [] },
  builtinCloudFormationValidation: false,
});
const stack = new ClaudePrRunnerStack(app, "ColdStart", {
  env: { account: "123456789012", region: "eu-west-1" },
  engine: "managed-agents",
});
const resources = Template.fromStack(stack).toJSON().Resources as Record<
  string,
  { Type: string; Properties: { Environment?: { Variables?: Record<string, unknown> } } }
>;
await rm(cdkOut, { recursive: true, force: true });

/** A value only a deployment knows (a Ref, a joined ARN) becomes a plausible placeholder. */
const PLACEHOLDERS: Record<string, string> = {
  ALLOWED_INSTALLATIONS: "*",
  GITHUB_APP_ID: "12345",
  GITHUB_API_URL: "https://api.github.com",
  GITHUB_SERVER_URL: "https://github.com",
  MODEL_GATEWAY_URL: "https://gateway.lambda-url.eu-west-1.on.aws/",
};

function placeholder(name: string): string {
  const known = PLACEHOLDERS[name];
  if (known) return known;
  if (name.endsWith("_URL")) return "https://sqs.eu-west-1.amazonaws.com/123456789012/bench.fifo";
  if (/SECRET|PRIVATE_KEY/.test(name))
    return "secretsmanager:arn:aws:secretsmanager:eu-west-1:123456789012:secret:bench";
  if (name.endsWith("_ARN")) return "arn:aws:sns:eu-west-1:123456789012:bench";
  return "bench";
}

function environmentOf(logicalIdPrefix: string): Record<string, string> {
  const found = Object.entries(resources).find(
    ([id, r]) => r.Type === "AWS::Lambda::Function" && id.startsWith(logicalIdPrefix),
  );
  if (!found) throw new Error(`no function ${logicalIdPrefix}* in the synthesized stack`);
  const variables = found[1].Properties.Environment?.Variables ?? {};
  return Object.fromEntries(
    Object.entries(variables).map(([k, v]) => [k, typeof v === "string" ? v : placeholder(k)]),
  );
}

// --- bundles: the function as deployed, and its floor ---
const bundleDir = path.join(OUT_DIR, "coldstart");
await mkdir(bundleDir, { recursive: true });
const bundleOptions = {
  bundle: true,
  platform: "node" as const,
  format: "esm" as const,
  target: "node24",
  minify: true,
  mainFields: ZIP_MAIN_FIELDS,
  banner: { js: ZIP_BANNER },
  alias: ZIP_ALIAS,
  absWorkingDir: ROOT,
  logLevel: "warning" as const,
};
const bundles: Record<string, { file: string; bytes: number }> = {};
// `esm-http`: the function without ZIP_ALIAS, so node:http reaches it through Node's ES module facade
// (which loads undici for http's lazy WebSocket getter): what the alias saves, measured in the same run.
const VARIANTS = ["function", "floor", "esm-http"] as const;
type Variant = (typeof VARIANTS)[number];
for (const name of NAMES) {
  for (const [variant, entry] of [
    ["function", FUNCTIONS[name].entry],
    ["floor", `bench/coldstart/floors/${name}.ts`],
    ["esm-http", FUNCTIONS[name].entry],
  ] as const) {
    const file = path.join(bundleDir, `${name}.${variant}.mjs`);
    const options = variant === "esm-http" ? { ...bundleOptions, alias: {} } : bundleOptions;
    await build({ ...options, entryPoints: [path.join(ROOT, entry)], outfile: file });
    bundles[`${name}.${variant}`] = { file, bytes: (await stat(file)).size };
  }
}

// --- import in a fresh process, in rotating order ---
// The Lambda runtime's own global (response streaming), which a streaming handler wraps itself in.
const PROBE = `globalThis.awslambda={streamifyResponse:(f)=>f,HttpResponseStream:{from:(s)=>s}};const t=performance.now();const m=await import(process.argv[1]);const ms=performance.now()-t;if(typeof m.handler!=="function")throw new Error("no handler");console.log(JSON.stringify({ms,rssMb:process.memoryUsage().rss/1048576}));`;
type Sample = { ms: number; rssMb: number };
const samples: Record<string, Sample[]> = {};
for (let run = 0; run < runs; run++) {
  for (const name of NAMES) {
    const env = environmentOf(FUNCTIONS[name].logicalId);
    // Rotate the order each run so drift in machine load does not favour one variant.
    const variants = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length] as Variant);
    for (const variant of variants) {
      const key = `${name}.${variant}`;
      const { stdout } = await execFileAsync(
        process.execPath,
        ["--input-type=module", "-e", PROBE, bundles[key]!.file],
        {
          cwd: bundleDir,
          env: { PATH: process.env.PATH, AWS_REGION: "eu-west-1", AWS_LAMBDA_FUNCTION_NAME: name, ...env },
          maxBuffer: 1 << 24,
        },
      ).catch((error: { stderr?: string }) => {
        // The bundle's own source is printed with the error: keep the message only.
        const message = (error.stderr ?? "")
          .split("\n")
          .filter((l) => /Error|error:/.test(l) && l.length < 2000);
        throw new Error(`${key} could not be imported: ${message.slice(-2).join(" / ")}`);
      });
      const sample = JSON.parse(stdout.trim().split("\n").at(-1)!) as Sample;
      samples[key] = [...(samples[key] ?? []), sample];
    }
  }
  console.error(`run ${run + 1}/${runs} done`);
}

const table = Object.fromEntries(
  NAMES.map((name) => {
    const of = (variant: Variant) => {
      const key = `${name}.${variant}`;
      return {
        bytes: bundles[key]!.bytes,
        medianImportMs: median(samples[key]!.map((s) => s.ms)),
        medianRssMb: median(samples[key]!.map((s) => s.rssMb)),
      };
    };
    const fn = of("function");
    const floor = of("floor");
    const esmHttp = of("esm-http");
    return [
      name,
      {
        function: fn,
        floor,
        esmHttp,
        ratios: {
          importTime: fn.medianImportMs / floor.medianImportMs,
          bytes: fn.bytes / floor.bytes,
          rss: fn.medianRssMb / floor.medianRssMb,
          importTimeVsEsmHttp: fn.medianImportMs / esmHttp.medianImportMs,
          rssVsEsmHttp: fn.medianRssMb / esmHttp.medianRssMb,
        },
      },
    ];
  }),
);
const output = { runsPerBundle: runs, measuredAt: new Date().toISOString(), node: process.version, table };
await writeFile(path.join(OUT_DIR, "coldstart.json"), `${JSON.stringify(output, null, 2)}\n`);
for (const [name, row] of Object.entries(table)) {
  console.log(
    `${name.padEnd(18)} ${(row.function.bytes / 1024).toFixed(0).padStart(5)} KB (${row.ratios.bytes.toFixed(2)}x floor)  import ${row.function.medianImportMs.toFixed(0).padStart(4)} ms (${row.ratios.importTime.toFixed(2)}x)  rss ${row.function.medianRssMb.toFixed(0)} MB (${row.ratios.rss.toFixed(2)}x)  vs node:http through ESM: ${row.esmHttp.medianImportMs.toFixed(0)} ms, ${row.esmHttp.medianRssMb.toFixed(0)} MB (${row.ratios.importTimeVsEsmHttp.toFixed(2)}x, ${row.ratios.rssVsEsmHttp.toFixed(2)}x)`,
  );
}
