import * as path from "node:path";
import { aws_lambda as lambda, aws_lambda_nodejs as nodejs } from "aws-cdk-lib";

/** Repository root: the worker image's build context and the NodejsFunction project root. */
export const REPO_ROOT = path.resolve(import.meta.dirname, "../..");

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
      banner: "import{createRequire}from'node:module';const require=createRequire(import.meta.url);",
    },
  };
}
