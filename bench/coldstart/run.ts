// Cold-start benchmark: each zip function bundled as the CDK stack bundles it (ZIP_ESBUILD_OPTIONS:
// esbuild, ESM, node24, minified, every package inside, split into chunks), side by side with a
// floor handler that loads only what that function truly needs (bench/coldstart/floors). Each import
// runs in a fresh node process with the function's own environment from the synthesized stack
// (placeholders for what only AWS knows), in rotating order. Reports bundle bytes, the bytes Node reads at import, import time and RSS after
// import, medians over the runs, and the same function bundled as one file (no splitting).
// Run: node --import tsx bench/coldstart/run.ts [runs=7]
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { type BuildOptions, build } from "esbuild";
import { ClaudePrRunnerStack } from "../../lambda/infra/claude-pr-runner-stack.js";
import { ZIP_ESBUILD_OPTIONS } from "../../lambda/infra/node-function-defaults.js";
import { median, OUT_DIR, ROOT } from "../shared/read-session.js";

const runs = Math.max(5, Number(process.argv[2] ?? 7));
const execFileAsync = promisify(execFile);

/**
 * Function → its entry, its logical id's prefix in the stack, and (optionally) a second floor with
 * the libraries the stack's design has it load besides (bench/coldstart/floors/<name>-libraries.ts),
 * so the function's own code is measured apart from those choices.
 */
interface FunctionSpec {
  entry: string;
  logicalId: string;
  librariesFloor?: boolean;
}
const FUNCTIONS: Record<string, FunctionSpec> = {
  webhook: { entry: "lambda/webhook/handler.ts", logicalId: "WebhookFunction", librariesFloor: true },
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
};
type Name = string;
const NAMES = Object.keys(FUNCTIONS);
const specOf = (name: Name): FunctionSpec => FUNCTIONS[name] as FunctionSpec;

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

// --- bundles: the function as the stack bundles it (ZIP_ESBUILD_OPTIONS: split into chunks), its
// floor bundled the same way, and the function as `one-file` without splitting (V8 parses every
// lazily imported module at import), measured in the same run. ZIP_ALIAS is not varied here: the
// SDK's HTTP handler imports node:http lazily, so the alias acts on the first request, not at import;
// test/lambda/zip-bundles.test.ts proves a delivery never loads undici.
const bundleDir = path.join(OUT_DIR, "coldstart");
await rm(bundleDir, { recursive: true, force: true });
await mkdir(bundleDir, { recursive: true });
const VARIANTS = ["function", "floor", "one-file", "libraries"] as const;
type Variant = (typeof VARIANTS)[number];
const OPTIONS: Record<Variant, BuildOptions> = {
  function: ZIP_ESBUILD_OPTIONS,
  floor: ZIP_ESBUILD_OPTIONS,
  "one-file": { ...ZIP_ESBUILD_OPTIONS, splitting: false },
  libraries: ZIP_ESBUILD_OPTIONS,
};
/** The variants measured for `name`: the libraries floor only where the function has one. */
const variantsOf = (name: Name): Variant[] =>
  VARIANTS.filter((variant) => variant !== "libraries" || specOf(name).librariesFloor === true);
const ENTRIES: Record<Variant, (name: Name) => string> = {
  function: (name) => specOf(name).entry,
  floor: (name) => `bench/coldstart/floors/${name}.ts`,
  "one-file": (name) => specOf(name).entry,
  libraries: (name) => `bench/coldstart/floors/${name}-libraries.ts`,
};
/** `bytes`: every module file; `readBytes`: the files Node reads when the function is imported. */
const bundles: Record<string, { file: string; bytes: number; readBytes: number }> = {};
// Lists, without timing anything, the files Node reads as modules while the bundle is imported.
const READS_PROBE = `const { registerHooks } = await import("node:module");const read=new Set();registerHooks({resolve(s,c,next){const r=next(s,c);if(r.url.startsWith("file:"))read.add(new URL(r.url).pathname);return r;}});globalThis.awslambda={streamifyResponse:(f)=>f,HttpResponseStream:{from:(s)=>s}};await import(process.argv[1]);console.log(JSON.stringify([...read]));`;
for (const name of NAMES) {
  for (const variant of variantsOf(name)) {
    const entry = ENTRIES[variant](name);
    const dir = path.join(bundleDir, `${name}.${variant}`);
    const result = await build({
      ...OPTIONS[variant],
      sourcemap: false,
      entryPoints: { index: path.join(ROOT, entry) },
      outdir: dir,
      metafile: true,
    });
    const file = path.join(dir, "index.mjs");
    const { stdout } = await execFileAsync(
      process.execPath,
      ["--input-type=module", "-e", READS_PROBE, file],
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH,
          AWS_REGION: "eu-west-1",
          ...environmentOf(specOf(name).logicalId),
        },
      },
    );
    const read = JSON.parse(stdout.trim().split("\n").at(-1) as string) as string[];
    const sizes = Object.fromEntries(
      Object.entries(result.metafile.outputs)
        .filter(([out]) => out.endsWith(".mjs"))
        .map(([out, info]) => [path.resolve(ROOT, out), info.bytes]),
    );
    bundles[`${name}.${variant}`] = {
      file,
      bytes: Object.values(sizes).reduce((a, b) => a + b, 0),
      readBytes: read.reduce((sum, f) => sum + (sizes[f] ?? 0), 0),
    };
  }
}

// --- import in a fresh process, in rotating order ---
// The Lambda runtime's own global (response streaming), which a streaming handler wraps itself in.
const PROBE = `globalThis.awslambda={streamifyResponse:(f)=>f,HttpResponseStream:{from:(s)=>s}};const t=performance.now();const m=await import(process.argv[1]);const ms=performance.now()-t;if(typeof m.handler!=="function")throw new Error("no handler");console.log(JSON.stringify({ms,rssMb:process.memoryUsage().rss/1048576}));`;
type Sample = { ms: number; rssMb: number };
const samples: Record<string, Sample[]> = {};
for (let run = 0; run < runs; run++) {
  for (const name of NAMES) {
    const env = environmentOf(specOf(name).logicalId);
    // Rotate the order each run so drift in machine load does not favour one variant.
    const own = variantsOf(name);
    const variants = own.map((_, i) => own[(i + run) % own.length] as Variant);
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
        readBytes: bundles[key]!.readBytes,
        medianImportMs: median(samples[key]!.map((s) => s.ms)),
        medianRssMb: median(samples[key]!.map((s) => s.rssMb)),
      };
    };
    const fn = of("function");
    const floor = of("floor");
    const oneFile = of("one-file");
    const libraries = variantsOf(name).includes("libraries") ? of("libraries") : undefined;
    return [
      name,
      {
        function: fn,
        floor,
        oneFile,
        ...(libraries
          ? {
              librariesFloor: libraries,
              librariesRatios: {
                importTime: fn.medianImportMs / libraries.medianImportMs,
                readBytes: fn.readBytes / libraries.readBytes,
                librariesOverFloorImportTime: libraries.medianImportMs / floor.medianImportMs,
                librariesOverFloorReadBytes: libraries.readBytes / floor.readBytes,
              },
            }
          : {}),
        ratios: {
          importTime: fn.medianImportMs / floor.medianImportMs,
          bytes: fn.bytes / floor.bytes,
          readBytes: fn.readBytes / floor.readBytes,
          rss: fn.medianRssMb / floor.medianRssMb,
          importTimeVsOneFile: fn.medianImportMs / oneFile.medianImportMs,
          rssVsOneFile: fn.medianRssMb / oneFile.medianRssMb,
        },
      },
    ];
  }),
);
const output = { runsPerBundle: runs, measuredAt: new Date().toISOString(), node: process.version, table };
await writeFile(path.join(OUT_DIR, "coldstart.json"), `${JSON.stringify(output, null, 2)}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
for (const [name, row] of Object.entries(table)) {
  const r = row.ratios;
  console.log(
    [
      name.padEnd(18),
      `${kb(row.function.bytes)} (${r.bytes.toFixed(2)}x floor)`,
      `read at import ${kb(row.function.readBytes)} (${r.readBytes.toFixed(2)}x)`,
      `import ${row.function.medianImportMs.toFixed(0)} ms (${r.importTime.toFixed(2)}x; floor ${row.floor.medianImportMs.toFixed(0)} ms)`,
      `rss ${row.function.medianRssMb.toFixed(0)} MB (${r.rss.toFixed(2)}x)`,
      `vs one file: ${row.oneFile.medianImportMs.toFixed(0)} ms, ${row.oneFile.medianRssMb.toFixed(0)} MB (${r.importTimeVsOneFile.toFixed(2)}x, ${r.rssVsOneFile.toFixed(2)}x)`,
    ].join("  "),
  );
  if (row.librariesFloor && row.librariesRatios) {
    const l = row.librariesRatios;
    console.log(
      [
        "".padEnd(18),
        `with its libraries (${kb(row.librariesFloor.readBytes)} read, ${row.librariesFloor.medianImportMs.toFixed(0)} ms: ${l.librariesOverFloorReadBytes.toFixed(2)}x, ${l.librariesOverFloorImportTime.toFixed(2)}x the floor)`,
        `the function over them: ${l.readBytes.toFixed(2)}x read, ${l.importTime.toFixed(2)}x import`,
      ].join("  "),
    );
  }
}
