import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { App } from "aws-cdk-lib";
import { Match, Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClaudePrRunnerStack, REPO_ROOT } from "../../lambda/infra/claude-pr-runner-stack.js";

// `cdk synth` in-process: the App is built and synthesized into a temp cloud assembly. CDK's built-in
// CloudFormation rule validation (a WASM engine, ~20 s of CPU) is left to `cdk synth`/`cdk deploy`,
// which run it by default; it passed on this stack when tried. Docker is not needed: the worker image is
// staged as an asset and only built by `cdk deploy`. Lambda bundling is skipped to keep this fast; the
// webhook bench bundles the handler with esbuild for real.
let outdir: string;
let template: Template;
let stack: ClaudePrRunnerStack;
type Resource = { Type: string; Properties: Record<string, unknown> };
let resources: Record<string, Resource>;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(tmpdir(), "cdk-synth-"));
  const app = new App({
    outdir,
    context: { "aws:cdk:bundling-stacks": [] },
    builtinCloudFormationValidation: false,
  });
  stack = new ClaudePrRunnerStack(app, "ClaudePrRunnerTest", {
    env: { account: "123456789012", region: "eu-west-1" },
  });
  template = Template.fromStack(stack);
  resources = template.toJSON().Resources as Record<string, Resource>;
}, 180_000);

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

function logicalId(type: string, prefix: string): string {
  const id = Object.keys(resources).find((k) => k.startsWith(prefix) && resources[k]!.Type === type);
  if (!id) throw new Error(`no ${type} named ${prefix}*`);
  return id;
}

function policyStatementsOf(rolePrefix: string): { Action: string | string[]; Resource: unknown }[] {
  const policy = Object.values(resources).find(
    (r) =>
      r.Type === "AWS::IAM::Policy" &&
      JSON.stringify(r.Properties.Roles).includes(`"${logicalId("AWS::IAM::Role", rolePrefix)}"`),
  );
  if (!policy) throw new Error(`no policy for ${rolePrefix}`);
  return (
    policy.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] }
  ).Statement;
}

function envOf(functionPrefix: string): Record<string, unknown> {
  return (
    resources[logicalId("AWS::Lambda::Function", functionPrefix)]!.Properties.Environment as {
      Variables: Record<string, unknown>;
    }
  ).Variables;
}

const PASS_THROUGH = [
  "CLAUDE_ARGS",
  "SETTINGS",
  "MCP_CONFIG",
  "ALLOWED_TOOLS",
  "DISALLOWED_TOOLS",
  "PROMPT_FILE",
];

const actionsOf = (statements: { Action: string | string[] }[]) =>
  statements.flatMap((s) => [s.Action].flat());

describe("infrastructure stack", () => {
  it("exposes the webhook through a Function URL on a Node 24 zip function with a 10 s timeout", () => {
    const webhook = logicalId("AWS::Lambda::Function", "WebhookFunction");
    template.hasResourceProperties("AWS::Lambda::Url", {
      AuthType: "NONE", // authentication is the HMAC signature, checked in the handler
      TargetFunctionArn: { "Fn::GetAtt": [webhook, "Arn"] },
    });
    expect(resources[webhook]!.Properties).toMatchObject({ Runtime: "nodejs24.x", Timeout: 10 });
  });

  it("uses a FIFO queue with a FIFO DLQ, maxReceiveCount ≥ 5 and a visibility timeout sized from the job deadline", () => {
    const queue = resources[logicalId("AWS::SQS::Queue", "JobQueue")]!.Properties;
    const dlqId = logicalId("AWS::SQS::Queue", "JobDeadLetterQueue");
    const worker = resources[logicalId("AWS::Lambda::Function", "WorkerFunction")]!.Properties;
    expect(queue.FifoQueue).toBe(true);
    expect(resources[dlqId]!.Properties.FifoQueue).toBe(true);
    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: { "Fn::GetAtt": [dlqId, "Arn"] },
      // 6 attempts + up to 200 receives spent waiting for a fairness slot + 1 (the worker counts both).
      maxReceiveCount: 207,
    });
    // Lambda needs at least the function timeout; a minute more, not six times (a dead worker's PR waits 16 min, not 90).
    expect(queue.VisibilityTimeout).toBe((worker.Timeout as number) + 60);
    // The worker backs off and dead-letters itself: it knows the queue, the DLQ and the receive limit.
    expect(envOf("WorkerFunction")).toMatchObject({
      MAX_RECEIVE_COUNT: "6",
      RETRY_BACKOFF_SECONDS: "60,300,900",
      DEAD_LETTER_QUEUE_URL: { Ref: dlqId },
      SLOTS_TABLE_NAME: { Ref: logicalId("AWS::DynamoDB::Table", "InstallationSlotsTable") },
      INSTALLATION_CONCURRENCY: "5",
      MAX_FAIRNESS_DEFERRALS: "200",
    });
    expect(
      () =>
        new ClaudePrRunnerStack(new App({ outdir: path.join(outdir, "too-many") }), "TooMany", {
          maxReceiveCount: 10,
          maxFairnessDeferrals: 990,
        }),
    ).toThrow(/limit of 1000/);
    expect(
      () =>
        new ClaudePrRunnerStack(new App({ outdir: path.join(outdir, "too-few") }), "TooFew", {
          maxReceiveCount: 3,
        }),
    ).toThrow(/at least 5/);
  });

  it("alarms on the DLQ, worker errors, queue age, throttles and daily spend, to one SNS topic", () => {
    const alarms = Object.entries(resources).filter(([, r]) => r.Type === "AWS::CloudWatch::Alarm");
    expect(alarms.map(([id]) => id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual([
      "DailySpend",
      "DeadLetterQueueNotEmpty",
      "OldestJobAge",
      "WorkerErrors",
      "WorkerThrottles",
    ]);
    const topic = logicalId("AWS::SNS::Topic", "AlarmTopic");
    for (const [, alarm] of alarms) expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topic }]);
    const spend = alarms.find(([id]) => id.startsWith("DailySpend"))![1].Properties;
    expect(spend).toMatchObject({ MetricName: "job_cost_usd", Namespace: "ClaudePrRunner", Period: 86400 });
    template.resourceCountIs("AWS::CloudWatch::Dashboard", 1);
  });

  it("keeps logs a month, reserves concurrency for worker and agent, and logs agent progress at DEBUG", () => {
    const groups = Object.values(resources).filter((r) => r.Type === "AWS::Logs::LogGroup");
    expect(groups).toHaveLength(6);
    for (const g of groups) expect(g.Properties.RetentionInDays).toBe(30);
    for (const fn of ["WorkerFunction", "AgentFunction"])
      expect(resources[logicalId("AWS::Lambda::Function", fn)]!.Properties.ReservedConcurrentExecutions).toBe(
        10,
      );
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      ScalingConfig: { MaximumConcurrency: 10 },
    });
    const settings = readFileSync(path.join(REPO_ROOT, "lambda/worker/dispatch/session-settings.ts"), "utf8");
    expect(settings).toMatch(/onProgress: \(event\) => logger\.debug\(/);
  });

  it("runs the worker as a container image fed by the queue with partial batch failures", () => {
    const workerId = logicalId("AWS::Lambda::Function", "WorkerFunction");
    const worker = resources[workerId]!.Properties;
    expect(worker.PackageType).toBe("Image");
    expect(worker.Runtime).toBeUndefined();
    expect(JSON.stringify(worker.Code)).toContain("container-assets");
    expect(worker.Timeout).toBe(900);
    template.hasResourceProperties("AWS::Lambda::EventSourceMapping", {
      FunctionName: { Ref: workerId },
      EventSourceArn: { "Fn::GetAtt": [logicalId("AWS::SQS::Queue", "JobQueue"), "Arn"] },
      FunctionResponseTypes: ["ReportBatchItemFailures"],
      BatchSize: 1,
    });
  });

  it("stages the worker image from lambda/worker/Dockerfile without needing Docker at synth", () => {
    const manifest = JSON.parse(
      readFileSync(path.join(outdir, "ClaudePrRunnerTest.assets.json"), "utf8"),
    ) as {
      dockerImages: Record<string, { source: { directory: string; dockerFile: string; platform?: string } }>;
    };
    const images = Object.values(manifest.dockerImages);
    expect(images).toHaveLength(1);
    expect(images[0]!.source).toMatchObject({
      dockerFile: "lambda/worker/Dockerfile",
      platform: "linux/amd64",
    });
    // The staged build context holds what the Dockerfile copies, and not node_modules or tests.
    const context = path.join(outdir, images[0]!.source.directory);
    expect(readFileSync(path.join(context, "lambda/worker/Dockerfile"), "utf8")).toContain("FROM");
    expect(() => readFileSync(path.join(context, "package-lock.json"))).not.toThrow();
    expect(() => readFileSync(path.join(context, "node_modules/.package-lock.json"))).toThrow();
  });

  it("has a DynamoDB idempotency table keyed by id with TTL on Powertools' expiry attribute", () => {
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      BillingMode: "PAY_PER_REQUEST",
      TimeToLiveSpecification: { AttributeName: "expiration", Enabled: true },
    });
  });

  it("keeps sessions in an encrypted, private, TLS-only bucket with a lifecycle rule", () => {
    const bucketId = logicalId("AWS::S3::Bucket", "SessionsBucket");
    expect(resources[bucketId]!.Properties).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: "AES256" } }],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      LifecycleConfiguration: {
        Rules: expect.arrayContaining([expect.objectContaining({ ExpirationInDays: 30, Status: "Enabled" })]),
      },
    });
    template.hasResourceProperties("AWS::S3::BucketPolicy", {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: "Deny", Condition: { Bool: { "aws:SecureTransport": "false" } } }),
        ]),
      },
    });
  });

  it("triggers the schedule function from an EventBridge rule", () => {
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "cron(0 3 ? * MON *)",
      Targets: [
        Match.objectLike({
          Arn: { "Fn::GetAtt": [logicalId("AWS::Lambda::Function", "ScheduleFunction"), "Arn"] },
        }),
      ],
    });
  });

  it("sweeps lost deliveries hourly with a function that reads only the App key", () => {
    template.hasResourceProperties("AWS::Events::Rule", {
      ScheduleExpression: "rate(1 hour)",
      Targets: [
        Match.objectLike({
          Arn: { "Fn::GetAtt": [logicalId("AWS::Lambda::Function", "DeliverySweepFunction"), "Arn"] },
        }),
      ],
    });
    const sweep = policyStatementsOf("DeliverySweepFunctionServiceRole");
    expect(actionsOf(sweep).filter((a) => !/^(xray|secretsmanager):/.test(a))).toEqual([]);
    expect(JSON.stringify(sweep.map((x) => x.Resource))).toContain(
      logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"),
    );
  });

  it("references secrets by ARN and never inlines a value", () => {
    const text = JSON.stringify(template.toJSON());
    expect(text).not.toContain('"SecretString"');
    template.hasResourceProperties("AWS::SecretsManager::Secret", {
      GenerateSecretString: Match.objectLike({}),
    });
    const env = (prefix: string) =>
      (
        resources[logicalId("AWS::Lambda::Function", prefix)]!.Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    expect(env("WebhookFunction").WEBHOOK_SECRET).toEqual({
      "Fn::Join": [
        "",
        ["secretsmanager:", { Ref: logicalId("AWS::SecretsManager::Secret", "WebhookSecret") }],
      ],
    });
    expect(env("WorkerFunction").GITHUB_APP_PRIVATE_KEY).toEqual({
      "Fn::Join": [
        "",
        ["secretsmanager:", { Ref: logicalId("AWS::SecretsManager::Secret", "AppPrivateKey") }],
      ],
    });
  });

  it("ships deny-by-default: no installation is served until AllowedInstallations names it", () => {
    const parameters = template.toJSON().Parameters as Record<
      string,
      { Default?: unknown; AllowedPattern?: string }
    >;
    expect(parameters.AllowedInstallations?.Default).toBe("");
    expect(new RegExp(parameters.AllowedInstallations!.AllowedPattern!).test("12,34")).toBe(true);
    expect(new RegExp(parameters.AllowedInstallations!.AllowedPattern!).test("12;rm")).toBe(false);
    for (const fn of ["WebhookFunction", "WorkerFunction", "ScheduleFunction"])
      expect(envOf(fn).ALLOWED_INSTALLATIONS).toEqual({ Ref: "AllowedInstallations" });
  });

  it("passes the GHES server URL, the spend table and the per-PR daily cap to the worker", () => {
    expect(envOf("WorkerFunction").GITHUB_SERVER_URL).toEqual({ Ref: "GitHubServerUrl" });
    expect(envOf("WorkerFunction").MAX_PR_SPEND_USD_PER_DAY).toEqual({ Ref: "MaxPrSpendUsdPerDay" });
    expect(envOf("WorkerFunction").SPEND_TABLE_NAME).toEqual({
      Ref: logicalId("AWS::DynamoDB::Table", "SpendTable"),
    });
    template.hasResourceProperties("AWS::DynamoDB::Table", {
      TimeToLiveSpecification: { AttributeName: "expiration", Enabled: true },
    });
  });

  it("passes cdk-nag's AwsSolutions pack: zero findings, each accepted one acknowledged with a reason in the stack", () => {
    const report = new AwsSolutionsChecks().validateScope(stack);
    expect(
      report.violations.map(
        (v) => `${v.ruleName}: ${v.violatingResources.map((r) => r.locations).join(",")}`,
      ),
    ).toEqual([]);
    expect(report.success).toBe(true);
    const source = readFileSync(path.join(REPO_ROOT, "lambda/infra/claude-pr-runner-stack.ts"), "utf8");
    expect(source.match(/acknowledge\(/g)?.length).toBeGreaterThanOrEqual(7);
  });

  it("grants each function only what it uses", () => {
    const webhook = policyStatementsOf("WebhookFunctionServiceRole");
    const worker = policyStatementsOf("WorkerFunctionServiceRole");
    const schedule = policyStatementsOf("ScheduleFunctionServiceRole");
    for (const statements of [webhook, worker, schedule]) {
      // No service-wide wildcards; "*" resources only for X-Ray, which has no resource-level permissions.
      expect(actionsOf(statements).filter((a) => a.endsWith(":*") || a === "*")).toEqual([]);
      for (const s of statements.filter((x) => x.Resource === "*")) {
        expect([s.Action].flat().every((a) => a.startsWith("xray:"))).toBe(true);
      }
    }
    expect(actionsOf(webhook)).toEqual(
      expect.arrayContaining([
        "sqs:SendMessage",
        "dynamodb:PutItem",
        "dynamodb:GetItem",
        "dynamodb:UpdateItem",
        "dynamodb:DeleteItem",
      ]),
    );
    expect(actionsOf(webhook)).not.toContain("dynamodb:Scan");
    expect(actionsOf(webhook).some((a) => a.startsWith("s3:"))).toBe(false);
    // The worker's only send: to the DLQ, with the reason, at a job's last receive.
    expect(
      JSON.stringify(
        worker.filter((x) => [x.Action].flat().includes("sqs:SendMessage")).map((x) => x.Resource),
      ),
    ).toBe(JSON.stringify([{ "Fn::GetAtt": [logicalId("AWS::SQS::Queue", "JobDeadLetterQueue"), "Arn"] }]));
    // The worker's DynamoDB: update spend items; put and delete gateway tokens (never read them);
    // get, put and update fairness leases.
    expect([...new Set(actionsOf(worker).filter((a) => a.startsWith("dynamodb:")))].sort()).toEqual([
      "dynamodb:DeleteItem",
      "dynamodb:GetItem",
      "dynamodb:PutItem",
      "dynamodb:UpdateItem",
    ]);
    // Reads only of the fairness leases (to sweep expired ones), never of tokens or spend.
    expect(
      JSON.stringify(
        worker.filter((x) => [x.Action].flat().includes("dynamodb:GetItem")).map((x) => x.Resource),
      ),
    ).toBe(
      JSON.stringify([
        { "Fn::GetAtt": [logicalId("AWS::DynamoDB::Table", "InstallationSlotsTable"), "Arn"] },
      ]),
    );
    expect(JSON.stringify(worker.filter((x) => [x.Action].flat().includes("dynamodb:UpdateItem")))).toContain(
      logicalId("AWS::DynamoDB::Table", "SpendTable"),
    );
    expect(JSON.stringify(worker.filter((x) => [x.Action].flat().includes("dynamodb:PutItem")))).toContain(
      logicalId("AWS::DynamoDB::Table", "GatewayTokensTable"),
    );
    expect(actionsOf(schedule).some((a) => a.startsWith("s3:") || a.startsWith("dynamodb:"))).toBe(false);
    // The webhook can read the webhook secret but not the App's private key.
    const secretRefs = (statements: { Resource: unknown }[]) =>
      JSON.stringify(statements.map((s) => s.Resource));
    expect(secretRefs(webhook)).toContain(logicalId("AWS::SecretsManager::Secret", "WebhookSecret"));
    expect(secretRefs(webhook)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"));
    expect(secretRefs(schedule)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AnthropicApiKey"));
    // The orchestrator never reads the model key: only the gateway does.
    expect(secretRefs(worker)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AnthropicApiKey"));
    const gateway = policyStatementsOf("ModelGatewayFunctionServiceRole");
    expect(secretRefs(gateway)).toContain(logicalId("AWS::SecretsManager::Secret", "AnthropicApiKey"));
    expect(secretRefs(gateway)).not.toContain(logicalId("AWS::SecretsManager::Secret", "AppPrivateKey"));
    expect(
      actionsOf(gateway)
        .filter((a) => !/^(secretsmanager|xray):/.test(a))
        .sort(),
    ).toEqual(["dynamodb:GetItem", "dynamodb:UpdateItem"]);
    expect(actionsOf(worker)).toContain("lambda:InvokeFunction");
  });

  it("anthropic by default: the gateway reads the model key secret and holds no Bedrock permission", () => {
    const env = envOf("ModelGatewayFunction");
    expect(env.MODEL_PROVIDER).toBe("anthropic");
    expect(env.ANTHROPIC_API_KEY_SECRET).toBeDefined();
    expect(envOf("WorkerFunction").MODEL_PROVIDER).toBe("anthropic");
    expect(
      actionsOf(policyStatementsOf("ModelGatewayFunctionServiceRole")).filter((a) =>
        a.startsWith("bedrock:"),
      ),
    ).toEqual([]);
  });

  it("passThrough: set on the worker as CLAUDE_ARGS, SETTINGS, ALLOWED_TOOLS, DISALLOWED_TOOLS and PROMPT_FILE; absent by default", () => {
    expect(Object.keys(envOf("WorkerFunction")).filter((name) => PASS_THROUGH.includes(name))).toEqual([]);
    const tuned = new ClaudePrRunnerStack(
      new App({ outdir: path.join(outdir, "pass-through"), context: { "aws:cdk:bundling-stacks": [] } }),
      "ClaudePrRunnerPassThrough",
      {
        env: { account: "123456789012", region: "eu-west-1" },
        passThrough: {
          claudeArgs: "--model claude-opus-4-5 --effort high",
          settings: '{"permissions":{"deny":["WebFetch"]}}',
          allowedTools: ["Read", "Grep"],
          disallowedTools: ["WebSearch"],
          promptFile: ".github/claude-review.md",
        },
      },
    );
    const worker = Object.entries(
      Template.fromStack(tuned).toJSON().Resources as Record<string, Resource>,
    ).find(([id, r]) => id.startsWith("WorkerFunction") && r.Type === "AWS::Lambda::Function")?.[1];
    if (!worker) throw new Error("no worker function in the tuned stack");
    expect((worker.Properties.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject(
      {
        CLAUDE_ARGS: "--model claude-opus-4-5 --effort high",
        SETTINGS: '{"permissions":{"deny":["WebFetch"]}}',
        ALLOWED_TOOLS: "Read\nGrep",
        DISALLOWED_TOOLS: "WebSearch",
        PROMPT_FILE: ".github/claude-review.md",
      },
    );
  });

  it("modelProvider bedrock: the gateway signs with its role (InvokeModel on Claude models and profiles), reads no model secret, and passes cdk-nag", () => {
    const bedrockStack = new ClaudePrRunnerStack(
      new App({ outdir: path.join(outdir, "bedrock"), context: { "aws:cdk:bundling-stacks": [] } }),
      "ClaudePrRunnerBedrock",
      { env: { account: "123456789012", region: "eu-west-1" }, modelProvider: { provider: "bedrock" } },
    );
    const bedrock = Template.fromStack(bedrockStack).toJSON().Resources as Record<string, Resource>;
    const gatewayFn = Object.entries(bedrock).find(
      ([id, r]) => id.startsWith("ModelGatewayFunction") && r.Type === "AWS::Lambda::Function",
    )?.[1];
    if (!gatewayFn) throw new Error("no model gateway function in the Bedrock stack");
    const env = (gatewayFn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env).toMatchObject({ MODEL_PROVIDER: "bedrock", BEDROCK_REGION: "eu-west-1" });
    expect(Object.keys(env).filter((name) => name.endsWith("_SECRET"))).toEqual([]);
    const statements = Object.values(bedrock)
      .filter(
        (r) =>
          r.Type === "AWS::IAM::Policy" &&
          JSON.stringify(r.Properties.Roles).includes("ModelGatewayFunctionServiceRole"),
      )
      .flatMap(
        (r) =>
          (r.Properties.PolicyDocument as { Statement: { Action: string | string[]; Resource: unknown }[] })
            .Statement,
      );
    const invoke = statements.find((s) =>
      [s.Action].flat().includes("bedrock:InvokeModelWithResponseStream"),
    );
    expect([invoke?.Action].flat().sort()).toEqual([
      "bedrock:InvokeModel",
      "bedrock:InvokeModelWithResponseStream",
    ]);
    expect(JSON.stringify(invoke?.Resource)).toContain("foundation-model/anthropic.claude-*");
    expect(JSON.stringify(statements)).not.toContain("secretsmanager:GetSecretValue");
    const report = new AwsSolutionsChecks().validateScope(bedrockStack);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  }, 400_000);

  it("gives the agent function a role that can only write its own log group: no secret, S3, DynamoDB, SQS, GitHub key or other log", () => {
    // The agent's code runs under this role's credentials: AWSLambdaBasicExecutionRole would let it
    // create log groups and write lines into every log group of the account (forged worker records,
    // forged EMF metrics), so the role names the agent's own log group and nothing else.
    const role = logicalId("AWS::IAM::Role", "AgentFunctionServiceRole");
    expect(resources[role]!.Properties.ManagedPolicyArns ?? []).toEqual([]);
    expect(resources[role]!.Properties.Policies).toBeUndefined();
    const attached = Object.values(resources).filter(
      (r) => r.Type === "AWS::IAM::Policy" && JSON.stringify(r.Properties.Roles).includes(`"${role}"`),
    );
    const statements = attached.flatMap(
      (r) =>
        (r.Properties.PolicyDocument as { Statement: { Action: unknown; Resource: unknown }[] }).Statement,
    );
    expect(statements.flatMap((st) => [st.Action].flat()).sort()).toEqual([
      "logs:CreateLogStream",
      "logs:PutLogEvents",
    ]);
    const agentLogs = logicalId("AWS::Logs::LogGroup", "AgentFunctionLogs");
    for (const statement of statements)
      expect(statement.Resource).toEqual({ "Fn::GetAtt": [agentLogs, "Arn"] });
    expect(envOf("AgentFunction")).toBeDefined();
    expect(
      JSON.stringify(
        resources[logicalId("AWS::Lambda::Function", "AgentFunction")]!.Properties.LoggingConfig,
      ),
    ).toContain(agentLogs);
    // Its environment names nothing secret either.
    expect(Object.keys(envOf("AgentFunction")).sort()).toEqual([
      "POWERTOOLS_LOG_LEVEL",
      "POWERTOOLS_SERVICE_NAME",
    ]);
    // The worker orchestrates it: agent name, gateway URL and token table, no model key.
    const worker = envOf("WorkerFunction");
    expect(worker.AGENT_FUNCTION_NAME).toEqual({ Ref: logicalId("AWS::Lambda::Function", "AgentFunction") });
    expect(worker.ANTHROPIC_API_KEY_SECRET).toBeUndefined();
    template.hasResourceProperties("AWS::Lambda::Url", { InvokeMode: "RESPONSE_STREAM", AuthType: "NONE" });
  });
});

describe("worker Dockerfile", () => {
  const dockerfile = readFileSync(path.join(REPO_ROOT, "lambda/worker/Dockerfile"), "utf8");
  const lines = dockerfile.split("\n").filter((l) => !l.trimStart().startsWith("#"));
  const pinned = (
    JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    }
  ).dependencies["@anthropic-ai/claude-code"];

  it("builds on the Node 24 Lambda base image, replaceable by a digest-pinned one", () => {
    const froms = lines.filter((l) => l.startsWith("FROM "));
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(/^FROM \$\{BASE_IMAGE\}/);
    // Tag, optionally pinned by digest (scripts/pin-base-image.sh; test/lambda/worker-architecture.test.ts).
    expect(dockerfile).toMatch(
      /^ARG BASE_IMAGE=public\.ecr\.aws\/lambda\/nodejs:24(@sha256:[0-9a-f]{64})?\n/m,
    );
  });

  it("installs the CLI from the lockfile with npm ci, drops the npm cache, keeps source maps on", () => {
    expect(pinned).toBe("2.1.235");
    expect(dockerfile).toContain("RUN node lambda/worker/cli-lock.mjs package-lock.json /build/cli");
    expect(dockerfile).toMatch(/RUN npm ci --omit=dev[^\n]*\\\n\s*&& node_modules\/\.bin\/claude --version/);
    expect(dockerfile).toContain("npm cache clean --force");
    expect(dockerfile).not.toMatch(/npm install[^\n]*claude-code/);
    expect(dockerfile).toContain("NODE_OPTIONS=--enable-source-maps");
    // What the image's npm ci sees: only the CLI and its platform packages, with the lockfile's integrity.
    const out = mkdtempSync(path.join(tmpdir(), "cli-lock-"));
    execFileSync(process.execPath, ["lambda/worker/cli-lock.mjs", "package-lock.json", out], {
      cwd: REPO_ROOT,
    });
    const repoLock = JSON.parse(readFileSync(path.join(REPO_ROOT, "package-lock.json"), "utf8"));
    const cliLock = JSON.parse(readFileSync(path.join(out, "package-lock.json"), "utf8"));
    const key = "node_modules/@anthropic-ai/claude-code";
    expect(cliLock.packages[key]).toEqual(repoLock.packages[key]);
    expect(cliLock.packages[`${key}-linux-x64`].integrity).toBe(
      repoLock.packages[`${key}-linux-x64`].integrity,
    );
    expect(Object.keys(cliLock.packages).every((k) => k === "" || k.startsWith(key))).toBe(true);
    rmSync(out, { recursive: true, force: true });
  });

  it("keeps HOME and CLAUDE_CONFIG_DIR under /tmp and does not run as root", () => {
    expect(dockerfile).toMatch(/HOME=\/tmp\b/);
    expect(dockerfile).toMatch(/CLAUDE_CONFIG_DIR=\/tmp\//);
    const user = lines.filter((l) => l.startsWith("USER ")).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|\s|$)/);
  });

  it("starts the bundled worker handler", () => {
    expect(lines.filter((l) => l.startsWith("CMD ")).at(-1)).toBe('CMD ["worker.handler"]');
    expect(dockerfile).toContain("lambda/worker/handler.ts");
    expect(dockerfile).toContain("worker=lambda/worker/handler.ts");
    expect(dockerfile).toContain("agent=lambda/agent/handler.ts");
    expect(dockerfile).toContain("--outdir=/build/out --out-extension:.js=.mjs");
  });
});
