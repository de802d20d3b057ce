import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { App } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClaudePrRunnerStack } from "../../lambda/infra/claude-pr-runner-stack.js";
import { OPEN_SESSIONS_INDEX } from "../../lambda/shared/session-record-store.js";

// The stack with `engine: managed-agents`, synthesized in-process as in infra-stack.test.ts (bundling
// skipped): the Anthropic webhook Function URL, the FIFO settle queue and its function, the sessions
// table, and what each role may do.
type Statement = { Action: string | string[]; Resource: unknown };
type Resource = { Type: string; Properties: Record<string, unknown> };
let outdir: string;
let stack: ClaudePrRunnerStack;
let resources: Record<string, Resource>;
let template: Template;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(tmpdir(), "cdk-synth-ma-"));
  const app = new App({
    outdir,
    context: { "aws:cdk:bundling-stacks": [], engine: "managed-agents" },
    builtinCloudFormationValidation: false,
  });
  stack = new ClaudePrRunnerStack(app, "ClaudePrRunnerRemote", {
    env: { account: "123456789012", region: "eu-west-1" },
    reviewRules: { failOn: "warning", exclude: ["docs/**", "!**/package-lock.json"] },
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
}, 180_000);

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

function logicalId(type: string, fragment: string): string {
  const id = Object.keys(resources).find((k) => k.includes(fragment) && resources[k]!.Type === type);
  if (!id) throw new Error(`no ${type} named *${fragment}*`);
  return id;
}

function statementsOf(roleFragment: string): Statement[] {
  const role = logicalId("AWS::IAM::Role", roleFragment);
  return Object.values(resources)
    .filter((r) => r.Type === "AWS::IAM::Policy" && JSON.stringify(r.Properties.Roles).includes(`"${role}"`))
    .flatMap((p) => (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

const actionsOf = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat()).sort();
const resourcesOf = (statements: Statement[]) => JSON.stringify(statements.map((s) => s.Resource));
const envOf = (fragment: string) =>
  (
    resources[logicalId("AWS::Lambda::Function", fragment)]!.Properties.Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;

describe("infrastructure stack on the managed-agents engine", () => {
  it("passes cdk-nag's AwsSolutions pack with the remote engine's resources added", () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.locations).join(",")}`,
      ),
    ).toEqual([]);
    expect(report.success).toBe(true);
  });

  it("exposes Anthropic's webhook on a Function URL of a 10 s function that can only queue settle steps", () => {
    const webhook = logicalId("AWS::Lambda::Function", "ManagedAgentsWebhookFunction");
    template.hasResourceProperties("AWS::Lambda::Url", {
      AuthType: "NONE", // authentication is the Standard Webhooks signature (beta.webhooks.unwrap)
      TargetFunctionArn: { "Fn::GetAtt": [webhook, "Arn"] },
    });
    expect(resources[webhook]!.Properties).toMatchObject({ Runtime: "nodejs24.x", Timeout: 10 });
    const statements = statementsOf("ManagedAgentsWebhookFunctionServiceRole");
    const settleQueue = logicalId("AWS::SQS::Queue", "ManagedAgentsSettleQueue");
    expect(actionsOf(statements).filter((a) => !a.startsWith("xray:"))).toEqual([
      "secretsmanager:DescribeSecret",
      "secretsmanager:GetSecretValue",
      "sqs:GetQueueAttributes",
      "sqs:GetQueueUrl",
      "sqs:SendMessage",
    ]);
    expect(resourcesOf(statements)).toContain(settleQueue);
    expect(resourcesOf(statements)).toContain(
      logicalId("AWS::SecretsManager::Secret", "ManagedAgentsWebhookSigningKey"),
    );
    expect(resourcesOf(statements)).not.toContain(
      logicalId("AWS::SecretsManager::Secret", "ManagedAgentsApiKey"),
    );
    expect(resourcesOf(statements)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"));
  });

  it("feeds the settle function from a FIFO queue with a DLQ; it reads and marks sessions, and holds the App and Managed Agents keys", () => {
    const queue = resources[logicalId("AWS::SQS::Queue", "ManagedAgentsSettleQueue")]!.Properties;
    expect(queue).toMatchObject({ FifoQueue: true, VisibilityTimeout: 180 });
    expect(JSON.stringify(queue.RedrivePolicy)).toContain("ManagedAgentsSettleDeadLetterQueue");
    const settle = logicalId("AWS::Lambda::Function", "ManagedAgentsSettleFunction");
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: settle },
      BatchSize: 1,
      FunctionResponseTypes: ["ReportBatchItemFailures"],
    });
    const statements = statementsOf("ManagedAgentsSettleFunctionServiceRole");
    const onTable = (fragment: string) =>
      actionsOf(
        statements.filter((s) =>
          JSON.stringify(s.Resource).includes(logicalId("AWS::DynamoDB::Table", fragment)),
        ),
      );
    expect(onTable("ManagedAgentsSessionsTable")).toEqual(["dynamodb:GetItem", "dynamodb:UpdateItem"]);
    // The spend ledger: only the ADD that books a settled session's real cost.
    expect(onTable("SpendTable")).toEqual(["dynamodb:UpdateItem"]);
    expect(actionsOf(statements).filter((a) => a.startsWith("dynamodb:"))).toHaveLength(3);
    expect(actionsOf(statements).some((a) => a === "sqs:SendMessage")).toBe(false);
    // S3: only the repository documents beside the sessions (the resolution tally), read and replaced.
    const onBucket = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith("s3:")));
    expect(actionsOf(onBucket)).toEqual(["s3:GetObject", "s3:PutObject"]);
    expect(JSON.stringify(onBucket.map((s) => s.Resource))).toContain("/repositories/*");
    expect(JSON.stringify(onBucket.map((s) => s.Resource))).toContain(
      logicalId("AWS::S3::Bucket", "SessionsBucket"),
    );
    expect(resourcesOf(statements)).toContain(logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"));
    expect(resourcesOf(statements)).toContain(
      logicalId("AWS::SecretsManager::Secret", "ManagedAgentsApiKey"),
    );
    // The CLI's key stays the gateway's alone.
    expect(resourcesOf(statements)).not.toContain(
      logicalId("AWS::SecretsManager::Secret", "AnthropicApiKey"),
    );
    expect(envOf("ManagedAgentsSettleFunction")).toMatchObject({
      SESSIONS_BUCKET: { Ref: logicalId("AWS::S3::Bucket", "SessionsBucket") },
      SESSIONS_TABLE_NAME: { Ref: logicalId("AWS::DynamoDB::Table", "ManagedAgentsSessionsTable") },
    });
    template.hasResourceProperties("AWS::CloudWatch::Alarm", {
      Dimensions: [
        {
          Name: "QueueName",
          Value: {
            "Fn::GetAtt": [logicalId("AWS::SQS::Queue", "ManagedAgentsSettleDeadLetterQueue"), "QueueName"],
          },
        },
      ],
    });
  });

  it("lets the worker start sessions: ENGINE, the sessions table (put and get only) and the Managed Agents key, never the CLI's", () => {
    const env = envOf("WorkerFunction");
    expect(env).toMatchObject({
      ENGINE: "managed-agents",
      SESSIONS_TABLE_NAME: { Ref: logicalId("AWS::DynamoDB::Table", "ManagedAgentsSessionsTable") },
    });
    expect(JSON.stringify(env.MANAGED_AGENTS_API_KEY_SECRET)).toContain(
      logicalId("AWS::SecretsManager::Secret", "ManagedAgentsApiKey"),
    );
    expect(env.ANTHROPIC_API_KEY_SECRET).toBeUndefined();
    const statements = statementsOf("WorkerFunctionServiceRole");
    const onSessions = statements.filter((s) =>
      JSON.stringify(s.Resource).includes(logicalId("AWS::DynamoDB::Table", "ManagedAgentsSessionsTable")),
    );
    expect(actionsOf(onSessions)).toEqual(["dynamodb:GetItem", "dynamodb:PutItem"]);
    expect(resourcesOf(statements)).not.toContain(
      logicalId("AWS::SecretsManager::Secret", "AnthropicApiKey"),
    );
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      TimeToLiveSpecification: { AttributeName: "expiration", Enabled: true },
    });
  });

  it("runs the session sweeper every 5 minutes: it queries the open-sessions index, reads the Managed Agents key and queues settle steps, nothing else", () => {
    const sweep = logicalId("AWS::Lambda::Function", "ManagedAgentsSweepFunction");
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(5 minutes)",
      State: "ENABLED",
      Targets: [{ Arn: { "Fn::GetAtt": [sweep, "Arn"] }, RetryPolicy: { MaximumRetryAttempts: 0 } }],
    });
    const table = logicalId("AWS::DynamoDB::Table", "ManagedAgentsSessionsTable");
    // The index the store queries, sparse on the attributes only open sessions carry.
    expect(resources[table]!.Properties.GlobalSecondaryIndexes).toEqual([
      {
        IndexName: OPEN_SESSIONS_INDEX,
        KeySchema: [
          { AttributeName: "open", KeyType: "HASH" },
          { AttributeName: "openedAt", KeyType: "RANGE" },
        ],
        Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["deadlineAt"] },
      },
    ]);
    expect(envOf("ManagedAgentsSweepFunction")).toMatchObject({
      SESSIONS_TABLE_NAME: { Ref: table },
      SETTLE_QUEUE_URL: { Ref: logicalId("AWS::SQS::Queue", "ManagedAgentsSettleQueue") },
      SWEEP_GRACE_MINUTES: "10",
    });
    const statements = statementsOf("ManagedAgentsSweepFunctionServiceRole");
    expect(actionsOf(statements).filter((a) => !a.startsWith("xray:"))).toEqual([
      "dynamodb:Query",
      "secretsmanager:DescribeSecret",
      "secretsmanager:GetSecretValue",
      "sqs:GetQueueAttributes",
      "sqs:GetQueueUrl",
      "sqs:SendMessage",
    ]);
    const query = statements.find((s) => [s.Action].flat().includes("dynamodb:Query"))!;
    expect(JSON.stringify(query.Resource)).toContain(`/index/${OPEN_SESSIONS_INDEX}`);
    expect(resourcesOf(statements)).toContain(
      logicalId("AWS::SecretsManager::Secret", "ManagedAgentsApiKey"),
    );
    // It never publishes: no GitHub App key, no spend table.
    expect(resourcesOf(statements)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"));
    expect(resourcesOf(statements)).not.toContain(logicalId("AWS::DynamoDB::Table", "SpendTable"));
  });

  it("runs the settle step in the worker's image (git, for landing a remote autofix's patch) as settle.handler", async () => {
    const settle = resources[logicalId("AWS::Lambda::Function", "ManagedAgentsSettleFunction")]!.Properties;
    expect(settle.PackageType).toBe("Image");
    expect(settle.ImageConfig).toEqual({ Command: ["settle.handler"] });
    expect(envOf("ManagedAgentsSettleFunction")).toHaveProperty("GITHUB_SERVER_URL");
    // The image bundles that handler beside the worker's and the agent's.
    const dockerfile = await readFile(new URL("../../lambda/worker/Dockerfile", import.meta.url), "utf8");
    expect(dockerfile).toContain("settle=lambda/managed-agents/settle-function.ts");
  });

  it("gives the settle function the worker's FAIL_ON, INCLUDE and EXCLUDE", () => {
    const rules = { FAIL_ON: "warning", EXCLUDE: "docs/**\n!**/package-lock.json" };
    expect(envOf("WorkerFunction")).toMatchObject(rules);
    expect(envOf("ManagedAgentsSettleFunction")).toMatchObject(rules);
    expect(envOf("ManagedAgentsSettleFunction").INCLUDE).toBeUndefined();
  });
});
