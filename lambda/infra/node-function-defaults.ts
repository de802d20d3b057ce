import * as path from "node:path";
import { aws_lambda as lambda, aws_lambda_nodejs as nodejs } from "aws-cdk-lib";

/** Repository root: the worker image's build context and the NodejsFunction project root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * How esbuild resolves a package: its ES module build first. The AWS SDK and Smithy ship both; the
 * CommonJS build cannot be tree-shaken, so every command of every client came along (the webhook
 * bundle: 992 KB with CommonJS first, 750 KB with ES modules first). bench:coldstart and
 * test/lambda/zip-bundles.test.ts bundle with the same settings.
 */
export const ZIP_MAIN_FIELDS = ["module", "main"];
/** CommonJS dependencies call require(); the ESM bundle gets a real one. */
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
  "node:http": "./lambda/shared/node-http-builtin.cjs",
  http: "./lambda/shared/node-http-builtin.cjs",
};

/** A small zip function bundled from source by `cdk deploy` (esbuild), on Node 24 and arm64. */
export function nodeFunctionDefaults(entry: string): nodejs.NodejsFunctionProps {
  return {
    entry: path.join(REPO_ROOT, entry),
    handler: "handler",
    projectRoot: REPO_ROOT,
    depsLockFilePath: path.join(REPO_ROOT, "package-lock.json"),
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    tracing: lambda.Tracing.ACTIVE,
    bundling: {
      format: nodejs.OutputFormat.ESM,
      target: "node24",
      minify: true,
      sourceMap: true,
      // Bundle the AWS SDK too: Powertools is tested against these exact client versions.
      externalModules: [],
      mainFields: ZIP_MAIN_FIELDS,
      banner: ZIP_BANNER,
      esbuildArgs: { "--alias": Object.entries(ZIP_ALIAS).map(([from, to]) => `${from}=${to}`) },
    },
  };
}
