import { writeFileSync } from "node:fs";
import * as path from "node:path";
import { AssetHashType, aws_lambda as lambda } from "aws-cdk-lib";
import { type BuildOptions, buildSync } from "esbuild";

/** Repository root: the worker image's build context and where esbuild runs for the zip functions. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How esbuild resolves a package: its ES module build first. The AWS SDK and Smithy ship both; the
 * CommonJS build cannot be tree-shaken, so every command of every client came along (the webhook
 * bundle: 992 KB with CommonJS first, 750 KB with ES modules first).
 */
export const ZIP_MAIN_FIELDS = ["module", "main"];
/** CommonJS dependencies call require(); every ES module file of the bundle gets a real one. */
export const ZIP_BANNER =
  "import{createRequire}from'node:module';const require=createRequire(import.meta.url);";

/**
 * Where the bundle's imports of `node:http` resolve (paths from the repository root, where esbuild runs).
 * Node 24 builds the ES module facade of a built-in by reading every export, and `http` has a lazy
 * `WebSocket` getter that loads Node's bundled undici: about 10 ms and 4 MB of every cold start
 * (nodejs/node#59686). The AWS SDK imports `node:http` statically (its instance-metadata credential
 * provider), so every function paid it, though none opens a WebSocket. The shim hands over the
 * CommonJS module instead; undici then loads only if something uses it (fetch, WebSocket).
 */
export const ZIP_ALIAS: Readonly<Record<string, string>> = {
  "node:http": "./scripts/node-http-builtin.cjs",
  http: "./scripts/node-http-builtin.cjs",
};

/**
 * How every zip function is bundled: one ES module per function plus chunks. `splitting` puts each
 * dynamic import's code (the SDK's credential providers a Lambda never reaches because its
 * credentials are in the environment, the gateway's Bedrock and Vertex clients, the SSM client where
 * no secret is in SSM, Ajv where no result is checked) in files of its own that Node reads only if
 * the import runs. In one file, V8 still had to parse all of it at cold start. bench:coldstart and
 * test/lambda/zip-bundles.test.ts use these options through zipFunctionCode or as they are.
 */
export const ZIP_ESBUILD_OPTIONS: Readonly<BuildOptions> = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  minify: true,
  sourcemap: true,
  mainFields: ZIP_MAIN_FIELDS,
  banner: { js: ZIP_BANNER },
  alias: ZIP_ALIAS,
  splitting: true,
  outExtension: { ".js": ".mjs" },
  chunkNames: "chunks/[name]-[hash]",
  absWorkingDir: REPO_ROOT,
  logLevel: "warning",
};

/**
 * A zip function's code: `entry` bundled at synth time with ZIP_ESBUILD_OPTIONS into `index.mjs` and
 * its chunks. The CDK's NodejsFunction cannot split (it passes esbuild one output file), so the
 * bundling is ours; esbuild runs in this process, as NodejsFunction's local bundling ran it.
 * `metafile` adds `index.meta.json` (what went in) for tests; a deployment leaves it out.
 */
export function zipFunctionCode(entry: string, options: { metafile?: boolean } = {}): lambda.Code {
  return lambda.Code.fromAsset(REPO_ROOT, {
    // The hash of what was built, not of the whole repository.
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Required by the type, never used: local bundling always succeeds or throws esbuild's error.
      image: lambda.Runtime.NODEJS_24_X.bundlingImage,
      local: {
        tryBundle(outputDir) {
          const result = buildSync({
            ...ZIP_ESBUILD_OPTIONS,
            entryPoints: { index: path.join(REPO_ROOT, entry) },
            outdir: outputDir,
            metafile: options.metafile === true,
          });
          if (result.metafile) {
            // Output files named from the function's own folder (index.mjs, chunks/…), not from where
            // the CDK happened to stage it.
            const outputs = Object.entries(result.metafile.outputs).map(([file, output]) => [
              path.relative(outputDir, path.resolve(REPO_ROOT, file)),
              output,
            ]);
            const metafile = { ...result.metafile, outputs: Object.fromEntries(outputs) };
            writeFileSync(path.join(outputDir, "index.meta.json"), JSON.stringify(metafile));
          }
          return true;
        },
      },
    },
  });
}

/** A small zip function bundled from source at synth time (zipFunctionCode), on Node 24 and arm64. */
export function nodeFunctionDefaults(
  entry: string,
  options: { metafile?: boolean } = {},
): Pick<lambda.FunctionProps, "code" | "handler" | "runtime" | "architecture" | "tracing"> {
  return {
    code: zipFunctionCode(entry, options),
    handler: "index.handler",
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    tracing: lambda.Tracing.ACTIVE,
  };
}
