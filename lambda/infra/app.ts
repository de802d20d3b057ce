import { App } from "aws-cdk-lib";
import { ClaudePrRunnerStack } from "./claude-pr-runner-stack.js";

// Entry point for `cdk synth` / `cdk deploy` (see lambda/infra/cdk.json and docs/lambda.md).
const app = new App();
new ClaudePrRunnerStack(app, process.env.STACK_NAME ?? "ClaudePrRunner", {
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
app.synth();
