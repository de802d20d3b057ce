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
    },
  };
}
