import {
  Annotations,
  Aws,
  CfnOutput,
  CfnParameter,
  aws_cloudwatch as cloudwatch,
  aws_cloudwatch_actions as cloudwatchActions,
  Duration,
  aws_lambda_event_sources as eventSources,
  aws_events as events,
  aws_events_targets as eventsTargets,
  aws_iam as iam,
  aws_lambda as lambda,
  aws_logs as logs,
  RemovalPolicy,
  Size,
  Stack,
  type StackProps,
  aws_s3 as s3,
  aws_secretsmanager as secretsmanager,
  aws_sns as sns,
  type aws_sqs as sqs,
  Validations,
} from "aws-cdk-lib";
import { Platform } from "aws-cdk-lib/aws-ecr-assets";
import type { Construct } from "constructs";
import { expiringTable } from "./expiring-table.js";
import { fifoQueueWithDeadLetters } from "./fifo-queue-with-dead-letters.js";
import { ManagedAgentsSettle } from "./managed-agents-settle.js";
import { nodeFunctionDefaults, REPO_ROOT } from "./node-function-defaults.js";
import { isDigestPinned, workerDockerfileBaseImage } from "./worker-base-image.js";

export { REPO_ROOT };

/** S3 prefix (in the sessions bucket) of the objects exchanged with the agent function. */
export const AGENT_EXCHANGE_PREFIX = "agent-exchange/";

/** Top-level paths the worker image build never needs. */
export const WORKER_CONTEXT_EXCLUDES = [
  ".git",
  ".github",
  "node_modules",
  "dist",
  "coverage",
  "test",
  "bench",
  "docs",
  "scripts",
  "**/cdk.out",
  "*.md",
];

export interface ClaudePrRunnerStackProps extends StackProps {
  /**
   * Worker timeout: the job's deadline. The queue's visibility timeout is this plus a minute, so a
   * worker killed mid-job frees its PR's FIFO group soon after; failures the worker sees back off
   * through ChangeMessageVisibility (1 → 5 → 15 min) instead.
   */
  workerTimeout?: Duration;
  /** Receives before a message moves to the DLQ (at least 5). */
  maxReceiveCount?: number;
  /** Reserved concurrency of the worker and the agent: jobs that may run at once. */
  workerConcurrency?: number;
  /**
   * Jobs of one installation that may run at once (default half of `workerConcurrency`), so one
   * installation's burst cannot take every worker; the rest wait in the queue, not counted as failures.
   */
  installationConcurrency?: number;
  /** Receives a job may spend waiting for its installation's slot before it goes to the DLQ. */
  maxFairnessDeferrals?: number;
  /** Days CloudWatch keeps each function's logs. */
  logRetention?: logs.RetentionDays;
  /** Messages per worker invocation; 1 gives each long job the whole timeout. */
  workerBatchSize?: number;
  /** EventBridge schedule for audits and lineage pruning. */
  auditSchedule?: events.Schedule;
  /** Days after which stored sessions expire. */
  sessionRetentionDays?: number;
  /**
   * How reviews conclude and which files they look at (the Action's fail_on, include and exclude),
   * set as FAIL_ON, INCLUDE and EXCLUDE on every function that reviews or publishes a review (the
   * worker and, on the managed-agents engine, the settle function) so they never disagree.
   * Default: fail on errors, the built-in excludes only.
   */
  reviewRules?: {
    failOn?: "error" | "warning" | "never";
    include?: readonly string[];
    exclude?: readonly string[];
  };
  /**
   * CPU of the worker and agent images (the CLI ships a native linux-arm64 build; Graviton costs
   * about 20 % less per GB-second). Default x86_64; also `-c workerArchitecture=arm64`.
   */
  workerArchitecture?: WorkerArchitecture;
  /**
   * Where review sessions run (docs/engines.md): `cli` (default) in the agent function, or
   * `managed-agents`, which adds the Anthropic webhook URL, the settle queue and function and the
   * sessions table, and lets the worker start Managed Agents sessions. Also `-c engine=managed-agents`.
   */
  engine?: "cli" | "managed-agents";
  /**
   * Where the model runs: the same `provider` setting as the Action's (docs/providers.md). The model
   * gateway authenticates upstream: with the `AnthropicApiKey` secret (anthropic: the API key;
   * anthropic-oauth: the OAuth token; foundry: the resource key), or with its role for Bedrock
   * (SigV4, bedrock:InvokeModel*), or with ADC for Vertex. Default anthropic.
   */
  modelProvider?: ModelProviderSetting;
  /**
   * The trusted-job pass-through, the Action's inputs of the same names (docs/providers.md), set on
   * the worker as CLAUDE_ARGS, SETTINGS, ALLOWED_TOOLS, DISALLOWED_TOOLS and PROMPT_FILE. Jobs on
   * fork PRs ignore them. Also `-c claudeArgs=…`, `-c settings=…`, `-c promptFile=…`,
   * `-c allowedTools=…`, `-c disallowedTools=…` (comma-separated). Each job checks them by the
   * Action's rules before any spawn. MCP servers and `--add-dir` are not available: sessions run in
   * the agent function, which takes neither.
   */
  passThrough?: PassThroughSetting;
}

export interface PassThroughSetting {
  /** Allowlisted CLI flags: --model, --fallback-model, --max-turns, --effort, --append-system-prompt. */
  claudeArgs?: string;
  /** Settings JSON (permissions.deny only), or a path read at each job's base commit. */
  settings?: string;
  allowedTools?: readonly string[];
  disallowedTools?: readonly string[];
  /** A file in each repository, read at the job's base commit (at most 64 KiB). */
  promptFile?: string;
}

export interface ModelProviderSetting {
  provider: "anthropic" | "anthropic-oauth" | "bedrock" | "vertex" | "foundry";
  /**
   * Non-secret settings of the provider, set on the gateway and the worker: `BEDROCK_REGION`
   * (default: the stack's region), `ANTHROPIC_VERTEX_PROJECT_ID`, `CLOUD_ML_REGION`,
   * `GOOGLE_APPLICATION_CREDENTIALS` (an external-account file in the image, for Workload Identity
   * Federation from AWS), `ANTHROPIC_FOUNDRY_RESOURCE` or `ANTHROPIC_FOUNDRY_BASE_URL`.
   */
  settings?: Record<string, string>;
}

/** The gateway variable that names the `AnthropicApiKey` secret, per provider (none: the role or ADC). */
const MODEL_SECRET_VARIABLE: Record<ModelProviderSetting["provider"], string | undefined> = {
  anthropic: "ANTHROPIC_API_KEY_SECRET",
  "anthropic-oauth": "CLAUDE_CODE_OAUTH_TOKEN_SECRET",
  foundry: "ANTHROPIC_FOUNDRY_API_KEY_SECRET",
  bedrock: undefined,
  vertex: undefined,
};

export type WorkerArchitecture = "x86_64" | "arm64";

/** Everything the GitHub App needs on AWS: webhook → FIFO queue → worker, plus the schedule. */
export class ClaudePrRunnerStack extends Stack {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: ClaudePrRunnerStackProps = {}) {
    super(scope, id, props);
    const workerTimeout = props.workerTimeout ?? Duration.minutes(15);
    const maxReceiveCount = props.maxReceiveCount ?? 6;
    if (maxReceiveCount < 5)
      throw new Error("maxReceiveCount must be at least 5 (one per backoff step and more)");
    const workerConcurrency = props.workerConcurrency ?? 10;
    const installationConcurrency =
      props.installationConcurrency ?? Math.max(1, Math.floor(workerConcurrency / 2));
    const maxFairnessDeferrals = props.maxFairnessDeferrals ?? 200;
    // SQS's redrive counts every receive, including those spent waiting for a fairness slot; the
    // worker tells them apart and enforces maxReceiveCount on real attempts itself.
    const redriveReceiveCount = maxReceiveCount + maxFairnessDeferrals + 1;
    if (redriveReceiveCount > 1000)
      throw new Error("maxReceiveCount + maxFairnessDeferrals must stay under SQS's limit of 1000 receives");
    const logGroup = (id: string) =>
      new logs.LogGroup(this, `${id}Logs`, {
        retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
        removalPolicy: RemovalPolicy.DESTROY,
      });

    // --- parameters: values the operator sets at deploy time, never secrets ---
    const appId = new CfnParameter(this, "GitHubAppId", {
      type: "String",
      allowedPattern: "^[0-9]+$",
      description: "Numeric App ID from the GitHub App settings page",
    });
    const repositories = new CfnParameter(this, "Repositories", {
      type: "String",
      default: "",
      description:
        "owner/repo globs the webhook acts on, comma-separated; empty = every installation repository",
    });
    const auditRepositories = new CfnParameter(this, "AuditRepositories", {
      type: "String",
      default: "",
      description: "owner/repo list audited on schedule; empty = every repository of every installation",
    });
    const githubApiUrl = new CfnParameter(this, "GitHubApiUrl", {
      type: "String",
      default: "https://api.github.com",
      description: "GitHub REST API base URL (change for GitHub Enterprise Server)",
    });
    const githubServerUrl = new CfnParameter(this, "GitHubServerUrl", {
      type: "String",
      default: "",
      description:
        "GitHub web/git URL for clones and links; empty = derived from GitHubApiUrl (https://HOST for https://HOST/api/v3)",
    });
    // Deny by default: a public App can be installed by anyone, and each installation spends our budget.
    const allowedInstallations = new CfnParameter(this, "AllowedInstallations", {
      type: "String",
      default: "",
      allowedPattern: "^(\\*|[0-9, ]*)$",
      description:
        "Installation ids the App serves, comma-separated; empty = none (deliveries are acknowledged and dropped); * = every installation",
    });
    const maxPrSpend = new CfnParameter(this, "MaxPrSpendUsdPerDay", {
      type: "Number",
      default: 25,
      minValue: 1,
      description:
        "Most one pull request may cost per UTC day (reviews + autofixes); then one notice and nothing more",
    });

    // --- secrets: created empty-of-meaning here, values put by the operator; only ARNs reach functions ---
    const webhookSecret = new secretsmanager.Secret(this, "WebhookSecret", {
      description: "GitHub App webhook secret (copy into the App settings)",
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const appPrivateKey = new secretsmanager.Secret(this, "AppPrivateKey", {
      description: "GitHub App private key (PEM); replace the placeholder with put-secret-value",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const anthropicApiKey = new secretsmanager.Secret(this, "AnthropicApiKey", {
      description: "Anthropic API key for the Claude Code CLI; replace the placeholder with put-secret-value",
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // --- storage ---
    const idempotencyTable = expiringTable(this, "IdempotencyTable");
    // Daily spend counters (per PR); items expire two days after their day.
    const spendTable = expiringTable(this, "SpendTable");
    // Per-job model-gateway tokens (SHA-256 of the token as key); TTL is the backstop to revocation.
    const gatewayTokens = expiringTable(this, "GatewayTokensTable");
    // Per-installation fairness: in-flight leases per installation and waits per message.
    const slotsTable = expiringTable(this, "InstallationSlotsTable");
    const sessionsBucket = new s3.Bucket(this, "SessionsBucket", {
      encryption: s3.BucketEncryption.S3_MANAGED,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [
        { id: "expire-sessions", expiration: Duration.days(props.sessionRetentionDays ?? 30) },
        { id: "abort-incomplete-uploads", abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Workspaces and results exchanged with the agent function; deleted after each job anyway.
        { id: "expire-agent-exchange", prefix: AGENT_EXCHANGE_PREFIX, expiration: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // --- queue: FIFO so the jobs of one PR run in order; the DLQ keeps poison messages for inspection ---
    const jobQueues = fifoQueueWithDeadLetters(
      this,
      { queue: "JobQueue", deadLetterQueue: "JobDeadLetterQueue" },
      {
        // Sized from the job's deadline (the worker timeout), not a multiple of it: a message whose worker
        // died comes back a minute after the deadline instead of holding its PR's group for 90 minutes.
        visibilityTimeout: Duration.seconds(workerTimeout.toSeconds() + 60),
        maxReceiveCount: redriveReceiveCount,
      },
    );
    this.queue = jobQueues.queue;
    this.deadLetterQueue = jobQueues.deadLetterQueue;

    const powertools = (service: string) => ({
      POWERTOOLS_SERVICE_NAME: service,
      POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunner",
      POWERTOOLS_LOG_LEVEL: "INFO",
    });

    // --- webhook: small zip function behind a Function URL; authentication is the HMAC signature ---
    const webhook = new lambda.Function(this, "WebhookFunction", {
      logGroup: logGroup("WebhookFunction"),
      ...nodeFunctionDefaults("lambda/webhook/handler.ts"),
      timeout: Duration.seconds(10), // GitHub gives up on a delivery after 10 s
      memorySize: 512,
      environment: {
        ...powertools("webhook"),
        JOB_QUEUE_URL: this.queue.queueUrl,
        IDEMPOTENCY_TABLE_NAME: idempotencyTable.tableName,
        WEBHOOK_SECRET: `secretsmanager:${webhookSecret.secretArn}`,
        REPOSITORIES: repositories.valueAsString,
        ALLOWED_INSTALLATIONS: allowedInstallations.valueAsString,
      },
    });
    const webhookUrl = webhook.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
    this.queue.grantSendMessages(webhook);
    webhookSecret.grantRead(webhook);
    // Exactly what Powertools idempotency does: conditional put, get, update, delete of one item.
    webhook.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:PutItem", "dynamodb:GetItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"],
        resources: [idempotencyTable.tableArn],
      }),
    );

    const reviewRules = reviewRulesEnvironment(props.reviewRules);
    const modelProvider = props.modelProvider ?? { provider: "anthropic" };
    const modelSecretVariable = MODEL_SECRET_VARIABLE[modelProvider.provider];
    const providerEnvironment: Record<string, string> = {
      MODEL_PROVIDER: modelProvider.provider,
      ...(modelProvider.provider === "bedrock" ? { BEDROCK_REGION: this.region } : {}),
      ...modelProvider.settings,
    };

    // --- model gateway: the only function that can read the model key; streams to the agent ---
    const gateway = new lambda.Function(this, "ModelGatewayFunction", {
      logGroup: logGroup("ModelGatewayFunction"),
      ...nodeFunctionDefaults("lambda/gateway/handler.ts"),
      timeout: Duration.minutes(15), // one streamed model answer can take minutes
      memorySize: 512,
      environment: {
        POWERTOOLS_SERVICE_NAME: "model-gateway",
        POWERTOOLS_LOG_LEVEL: "INFO",
        GATEWAY_TOKENS_TABLE: gatewayTokens.tableName,
        ...providerEnvironment,
        ...(modelSecretVariable
          ? { [modelSecretVariable]: `secretsmanager:${anthropicApiKey.secretArn}` }
          : {}),
      },
    });
    // Authentication is the per-job token, checked against the table on every request.
    const gatewayUrl = gateway.addFunctionUrl({
      authType: lambda.FunctionUrlAuthType.NONE,
      invokeMode: lambda.InvokeMode.RESPONSE_STREAM,
    });
    if (modelSecretVariable) anthropicApiKey.grantRead(gateway);
    if (modelProvider.provider === "bedrock") {
      // SigV4 with the gateway role's own credentials: Claude models and cross-region inference profiles.
      gateway.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"],
          resources: [
            `arn:${Aws.PARTITION}:bedrock:*::foundation-model/anthropic.claude-*`,
            `arn:${Aws.PARTITION}:bedrock:*:${Aws.ACCOUNT_ID}:inference-profile/*`,
          ],
        }),
      );
    }
    gateway.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:GetItem", "dynamodb:UpdateItem"],
        resources: [gatewayTokens.tableArn],
      }),
    );

    // --- agent: runs the CLI; its role may only write its own logs (no secret, S3, GitHub, queue) ---
    const baseImage = this.node.tryGetContext("workerBaseImage") as string | undefined;
    // A tag moves under us; a deploy must build on the digest someone resolved and reviewed
    // (scripts/pin-base-image.sh writes it). `cdk synth`/`deploy` stop on this error.
    const effectiveBaseImage = baseImage ?? workerDockerfileBaseImage(REPO_ROOT);
    if (!isDigestPinned(effectiveBaseImage))
      Annotations.of(this).addError(
        `the worker base image "${effectiveBaseImage}" is not pinned by digest: run scripts/pin-base-image.sh or pass -c workerBaseImage=public.ecr.aws/lambda/nodejs:24@sha256:<digest>`,
      );
    const workerArchitecture =
      props.workerArchitecture ??
      ((this.node.tryGetContext("workerArchitecture") as WorkerArchitecture | undefined) || "x86_64");
    if (workerArchitecture !== "x86_64" && workerArchitecture !== "arm64")
      throw new Error(`workerArchitecture must be x86_64 or arm64; got "${String(workerArchitecture)}"`);
    const architecture =
      workerArchitecture === "arm64" ? lambda.Architecture.ARM_64 : lambda.Architecture.X86_64;
    const imageCode = (cmd: string) =>
      lambda.DockerImageCode.fromImageAsset(REPO_ROOT, {
        file: "lambda/worker/Dockerfile",
        // The image's `npm ci` installs the CLI's native package for this platform
        // (@anthropic-ai/claude-code-linux-x64 or -linux-arm64, both pinned in package-lock.json).
        platform: workerArchitecture === "arm64" ? Platform.LINUX_ARM64 : Platform.LINUX_AMD64,
        // The build context is the repository; keep it to what the Dockerfile copies (no negated
        // patterns: they would make the fingerprint walk node_modules).
        exclude: WORKER_CONTEXT_EXCLUDES,
        cmd: [cmd],
        // `-c workerBaseImage=public.ecr.aws/lambda/nodejs:24@sha256:…` pins the base by digest.
        ...(baseImage ? { buildArgs: { BASE_IMAGE: baseImage } } : {}),
      });
    // The agent's code runs with this role's credentials, so it may do nothing but write the agent's
    // own log lines: not AWSLambdaBasicExecutionRole, which creates log groups and writes into every
    // log group of the account (the worker's records, EMF metrics) on `*`.
    const agentLogs = logGroup("AgentFunction");
    const agentRole = new iam.Role(this, "AgentFunctionServiceRole", {
      assumedBy: new iam.ServicePrincipal("lambda.amazonaws.com"),
      description: "The agent function: writes its own log group, nothing else",
    });
    agentLogs.grantWrite(agentRole);
    const agent = new lambda.DockerImageFunction(this, "AgentFunction", {
      role: agentRole,
      logGroup: agentLogs,
      code: imageCode("agent.handler"),
      architecture,
      timeout: workerTimeout,
      memorySize: 3008,
      ephemeralStorageSize: Size.mebibytes(4096),
      reservedConcurrentExecutions: workerConcurrency,
      // No X-Ray: tracing would add permissions to a role that must stay empty.
      environment: { POWERTOOLS_SERVICE_NAME: "agent", POWERTOOLS_LOG_LEVEL: "INFO" },
    });

    // --- worker (orchestrator): container image with the pinned CLI, never runs it in split mode ---
    const worker = new lambda.DockerImageFunction(this, "WorkerFunction", {
      logGroup: logGroup("WorkerFunction"),
      code: imageCode("worker.handler"),
      architecture,
      timeout: workerTimeout,
      memorySize: 3008,
      ephemeralStorageSize: Size.mebibytes(4096), // shallow clones and transcripts live in /tmp
      tracing: lambda.Tracing.ACTIVE,
      reservedConcurrentExecutions: workerConcurrency,
      environment: {
        ...powertools("worker"),
        GITHUB_APP_ID: appId.valueAsString,
        GITHUB_API_URL: githubApiUrl.valueAsString,
        GITHUB_SERVER_URL: githubServerUrl.valueAsString,
        GITHUB_APP_PRIVATE_KEY: `secretsmanager:${appPrivateKey.secretArn}`,
        ALLOWED_INSTALLATIONS: allowedInstallations.valueAsString,
        SESSIONS_BUCKET: sessionsBucket.bucketName,
        AGENT_FUNCTION_NAME: agent.functionName,
        MODEL_GATEWAY_URL: gatewayUrl.url,
        GATEWAY_TOKENS_TABLE: gatewayTokens.tableName,
        AGENT_EXCHANGE_PREFIX: AGENT_EXCHANGE_PREFIX,
        SPEND_TABLE_NAME: spendTable.tableName,
        MAX_PR_SPEND_USD_PER_DAY: maxPrSpend.valueAsString,
        DEADLINE_MARGIN_MS: "60000",
        JOB_QUEUE_URL: this.queue.queueUrl,
        DEAD_LETTER_QUEUE_URL: this.deadLetterQueue.queueUrl,
        MAX_RECEIVE_COUNT: String(maxReceiveCount),
        RETRY_BACKOFF_SECONDS: "60,300,900",
        SLOTS_TABLE_NAME: slotsTable.tableName,
        INSTALLATION_CONCURRENCY: String(installationConcurrency),
        FAIRNESS_DEFER_SECONDS: "60",
        FAIRNESS_MAX_DEFER_SECONDS: "900",
        MAX_FAIRNESS_DEFERRALS: String(maxFairnessDeferrals),
        ...reviewRules,
        ...providerEnvironment,
        ...passThroughEnvironment(passThroughOf(props.passThrough, this.node)),
      },
    });
    worker.addEventSource(
      new eventSources.SqsEventSource(this.queue, {
        batchSize: props.workerBatchSize ?? 1,
        reportBatchItemFailures: true,
        maxConcurrency: Math.max(2, workerConcurrency),
      }),
    );
    // The worker moves a message that failed on its last receive to the DLQ itself, with the reason.
    this.deadLetterQueue.grantSendMessages(worker);
    appPrivateKey.grantRead(worker);
    agent.grantInvoke(worker);
    // Mint and revoke per-job gateway tokens; reading them back is the gateway's business.
    worker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:PutItem", "dynamodb:DeleteItem"],
        resources: [gatewayTokens.tableArn],
      }),
    );
    // Sessions: read, write and delete (lineage prune) objects, list to find a PR's lineage; nothing else.
    worker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject", "s3:PutObject", "s3:DeleteObject"],
        resources: [sessionsBucket.arnForObjects("*")],
      }),
    );
    worker.addToRolePolicy(
      new iam.PolicyStatement({ actions: ["s3:ListBucket"], resources: [sessionsBucket.bucketArn] }),
    );
    // Fairness leases: create the installation's item, read it to sweep expired leases, update.
    // Attempt tokens (same table): each attempt records what it mints; the next one takes (deletes) the rest.
    worker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:UpdateItem", "dynamodb:DeleteItem"],
        resources: [slotsTable.tableArn],
      }),
    );
    // The spend ledger only ever updates items (conditional ADD, adjust, notice flag).
    worker.addToRolePolicy(
      new iam.PolicyStatement({ actions: ["dynamodb:UpdateItem"], resources: [spendTable.tableArn] }),
    );

    // --- managed-agents engine: the worker starts sessions, Anthropic's webhooks drive the settle ---
    const managedAgents =
      engineOf(props.engine ?? this.node.tryGetContext("engine")) === "managed-agents"
        ? new ManagedAgentsSettle(this, "ManagedAgents", {
            worker,
            appPrivateKey,
            spendTable,
            appId: appId.valueAsString,
            githubApiUrl: githubApiUrl.valueAsString,
            allowedInstallations: allowedInstallations.valueAsString,
            reviewRules,
            logGroup,
            powertools,
            imageCode,
            architecture,
            githubServerUrl: githubServerUrl.valueAsString,
            sessionsBucket,
          })
        : undefined;

    // --- schedule: audits and prune of closed PRs' lineages ---
    const schedule = new lambda.Function(this, "ScheduleFunction", {
      logGroup: logGroup("ScheduleFunction"),
      ...nodeFunctionDefaults("lambda/schedule/handler.ts"),
      timeout: Duration.minutes(5),
      memorySize: 512,
      environment: {
        ...powertools("schedule"),
        JOB_QUEUE_URL: this.queue.queueUrl,
        GITHUB_APP_ID: appId.valueAsString,
        GITHUB_API_URL: githubApiUrl.valueAsString,
        GITHUB_APP_PRIVATE_KEY: `secretsmanager:${appPrivateKey.secretArn}`,
        ALLOWED_INSTALLATIONS: allowedInstallations.valueAsString,
        AUDIT_REPOSITORIES: auditRepositories.valueAsString,
      },
    });
    this.queue.grantSendMessages(schedule);
    appPrivateKey.grantRead(schedule);
    new events.Rule(this, "AuditSchedule", {
      description: "Scheduled audits and prune of closed PRs' session lineages",
      schedule: props.auditSchedule ?? events.Schedule.cron({ minute: "0", hour: "3", weekDay: "MON" }),
      targets: [new eventsTargets.LambdaFunction(schedule, { retryAttempts: 2 })],
    });

    // --- lost deliveries: GitHub never resends a failed delivery; this asks it to, once per event ---
    const sweep = new lambda.Function(this, "DeliverySweepFunction", {
      logGroup: logGroup("DeliverySweepFunction"),
      ...nodeFunctionDefaults("lambda/schedule/sweep-handler.ts"),
      timeout: Duration.minutes(2),
      memorySize: 256,
      environment: {
        ...powertools("delivery-sweep"),
        GITHUB_APP_ID: appId.valueAsString,
        GITHUB_API_URL: githubApiUrl.valueAsString,
        GITHUB_APP_PRIVATE_KEY: `secretsmanager:${appPrivateKey.secretArn}`,
        SWEEP_WINDOW_MINUTES: "180",
      },
    });
    appPrivateKey.grantRead(sweep);
    new events.Rule(this, "DeliverySweepSchedule", {
      description: "Redeliver failed GitHub App webhook deliveries once",
      schedule: events.Schedule.rate(Duration.hours(1)),
      targets: [new eventsTargets.LambdaFunction(sweep, { retryAttempts: 0 })],
    });

    // --- operations: alarms to an SNS topic, a dashboard ---
    const dailySpendAlarm = new CfnParameter(this, "DailySpendAlarmUsd", {
      type: "Number",
      default: 100,
      minValue: 1,
      description: "Alarm when the model spend of all jobs in one day exceeds this many USD",
    });
    const alarmTopic = new sns.Topic(this, "AlarmTopic", { enforceSSL: true });
    const jobMetric = (metricName: string, statistic = "Sum", period = Duration.minutes(5)) =>
      new cloudwatch.Metric({
        namespace: "ClaudePrRunner",
        metricName,
        dimensionsMap: { service: "worker" },
        statistic,
        period,
      });
    const alarms: Record<string, cloudwatch.AlarmProps> = {
      DeadLetterQueueNotEmpty: {
        metric: this.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(5),
        }),
        threshold: 0,
        evaluationPeriods: 1,
        alarmDescription: "A job is in the DLQ: inspect it (reason attribute) and redrive or drop it",
      },
      ...(managedAgents
        ? {
            SettleDeadLetterQueueNotEmpty: {
              metric: managedAgents.settleDeadLetterQueue.metricApproximateNumberOfMessagesVisible({
                period: Duration.minutes(5),
              }),
              threshold: 0,
              evaluationPeriods: 1,
              alarmDescription:
                "A Managed Agents session could not be settled five times: its check run stays in progress until it is redriven",
            },
          }
        : {}),
      WorkerErrors: {
        metric: worker.metricErrors({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 1,
        alarmDescription: "The worker function itself failed (not a job failure it handled)",
      },
      OldestJobAge: {
        metric: this.queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5) }),
        threshold: 3600,
        evaluationPeriods: 2,
        alarmDescription: "Jobs have waited over an hour: the worker is saturated or a PR group is stuck",
      },
      WorkerThrottles: {
        metric: worker.metricThrottles({ period: Duration.minutes(5) }),
        threshold: 0,
        evaluationPeriods: 3,
        alarmDescription:
          "The worker hits its reserved concurrency; raise workerConcurrency or accept the wait",
      },
      DailySpend: {
        metric: jobMetric("job_cost_usd", "Sum", Duration.days(1)),
        threshold: dailySpendAlarm.valueAsNumber,
        evaluationPeriods: 1,
        alarmDescription: "Model spend of all jobs today is over DailySpendAlarmUsd",
      },
    };
    for (const [id, props] of Object.entries(alarms)) {
      const alarm = new cloudwatch.Alarm(this, id, {
        ...props,
        comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      });
      alarm.addAlarmAction(new cloudwatchActions.SnsAction(alarmTopic));
    }
    new cloudwatch.Dashboard(this, "Dashboard", {
      widgets: [
        [
          new cloudwatch.GraphWidget({
            title: "Jobs by outcome",
            left: ["completed", "failed", "dropped", "timed_out", "dead_lettered"].map((o) =>
              jobMetric(`jobs_${o}`),
            ),
          }),
          new cloudwatch.GraphWidget({ title: "Model spend (USD)", left: [jobMetric("job_cost_usd")] }),
        ],
        [
          new cloudwatch.GraphWidget({
            title: "Queue",
            left: [this.queue.metricApproximateAgeOfOldestMessage()],
            right: [this.deadLetterQueue.metricApproximateNumberOfMessagesVisible()],
          }),
          new cloudwatch.GraphWidget({
            title: "Job duration (ms)",
            left: [jobMetric("job_duration", "p50"), jobMetric("job_duration", "p99")],
          }),
        ],
      ],
    });

    // --- cdk-nag (AwsSolutions): every finding we accept, with why (test/lambda/infra-stack.test.ts) ---
    const acknowledge = (scope: Construct, id: string, reason: string) =>
      Validations.of(scope).acknowledge({ id, reason });
    const remoteSecrets = managedAgents ? [managedAgents.apiKey, managedAgents.signingKey] : [];
    for (const secret of [webhookSecret, appPrivateKey, anthropicApiKey, ...remoteSecrets])
      acknowledge(
        secret,
        "AwsSolutions-SMG4",
        "issued outside AWS (GitHub App key, Anthropic key, the webhook secret pasted into GitHub): no Lambda can rotate them; the webhook secret rotates with current+previous (docs/lambda.md)",
      );
    const remoteTables = managedAgents ? [managedAgents.sessionsTable] : [];
    for (const table of [idempotencyTable, spendTable, gatewayTokens, slotsTable, ...remoteTables])
      acknowledge(
        table,
        "AwsSolutions-DDB3",
        "short-lived items only (delivery ids 3 days, spend counters 2 days, job tokens minutes, fairness leases the job's deadline, remote sessions 30 days) expired by TTL or by the job; a restore would bring back revoked tokens, dead leases and settled sessions",
      );
    acknowledge(
      sessionsBucket,
      "AwsSolutions-S1",
      "only the worker role reads and writes it (TLS-only, private); enable CloudTrail S3 data events for an access log instead of a second bucket",
    );
    const remoteFunctions = managedAgents
      ? [managedAgents.webhookFunction, managedAgents.settleFunction, managedAgents.sweepFunction]
      : [];
    for (const fn of [webhook, gateway, worker, schedule, sweep, ...remoteFunctions]) {
      acknowledge(
        fn,
        "AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]",
        "the standard log-writing policy: CreateLogGroup/CreateLogStream/PutLogEvents (the agent function has its own role instead: its log group only)",
      );
      acknowledge(
        fn,
        "AwsSolutions-IAM5[Resource::*]",
        "X-Ray PutTraceSegments/PutTelemetryRecords have no resource-level permissions",
      );
    }
    if (modelProvider.provider === "bedrock") {
      acknowledge(
        gateway,
        "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*::foundation-model/anthropic.claude-*]",
        "Claude foundation models in any region: a cross-region inference profile routes to several",
      );
      acknowledge(
        gateway,
        "AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:bedrock:*:<AWS::AccountId>:inference-profile/*]",
        "this account's inference profiles: the model id (us./eu./global.) is the deployment's setting",
      );
    }
    acknowledge(
      worker,
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(agent.node.defaultChild as lambda.CfnFunction)}.Arn>:*]`,
      "grantInvoke covers the agent function's versions and aliases; it is this stack's one agent function",
    );
    acknowledge(
      worker,
      `AwsSolutions-IAM5[Resource::<${this.getLogicalId(sessionsBucket.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
      "objects of this stack's own sessions bucket: lineage keys and agent exchange keys are per job, not known in advance",
    );
    if (managedAgents)
      acknowledge(
        managedAgents.settleFunction,
        `AwsSolutions-IAM5[Resource::<${this.getLogicalId(sessionsBucket.node.defaultChild as s3.CfnBucket)}.Arn>/repositories/*]`,
        "the repository documents of this stack's sessions bucket (one per repository, named by it): the resolution tally",
      );

    new CfnOutput(this, "AlarmTopicArn", { value: alarmTopic.topicArn });
    new CfnOutput(this, "WebhookUrl", {
      value: webhookUrl.url,
      description: "Webhook URL for the GitHub App",
    });
    new CfnOutput(this, "WebhookSecretArn", { value: webhookSecret.secretArn });
    new CfnOutput(this, "AppPrivateKeySecretArn", { value: appPrivateKey.secretArn });
    new CfnOutput(this, "AnthropicApiKeySecretArn", { value: anthropicApiKey.secretArn });
    new CfnOutput(this, "DeadLetterQueueUrl", { value: this.deadLetterQueue.queueUrl });
    new CfnOutput(this, "ModelGatewayUrl", { value: gatewayUrl.url });
  }
}

function engineOf(value: unknown): "cli" | "managed-agents" {
  if (value === undefined || value === "cli" || value === "managed-agents") return value ?? "cli";
  throw new Error(`engine must be cli or managed-agents; got ${String(value)}`);
}

/** FAIL_ON, INCLUDE and EXCLUDE as the worker and the settle function read them (one glob a line). */
function reviewRulesEnvironment(rules: ClaudePrRunnerStackProps["reviewRules"] = {}): Record<string, string> {
  return {
    FAIL_ON: rules.failOn ?? "error",
    ...(rules.include?.length ? { INCLUDE: rules.include.join("\n") } : {}),
    ...(rules.exclude?.length ? { EXCLUDE: rules.exclude.join("\n") } : {}),
  };
}

/** The stack's pass-through, from its props or else from `-c` context values. */
function passThroughOf(props: PassThroughSetting | undefined, node: Construct["node"]): PassThroughSetting {
  if (props) return props;
  const text = (key: string) => {
    const value = node.tryGetContext(key) as unknown;
    return typeof value === "string" && value.trim() !== "" ? value : undefined;
  };
  const list = (key: string) =>
    text(key)
      ?.split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
  const values = {
    claudeArgs: text("claudeArgs"),
    settings: text("settings"),
    allowedTools: list("allowedTools"),
    disallowedTools: list("disallowedTools"),
    promptFile: text("promptFile"),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/**
 * The worker's pass-through variables. The stack imports none of the runner's code (ARCHITECTURE.md),
 * so the values are checked where they are used: by every job, before any spawn.
 */
function passThroughEnvironment(pass: PassThroughSetting): Record<string, string> {
  return {
    ...(pass.claudeArgs ? { CLAUDE_ARGS: pass.claudeArgs } : {}),
    ...(pass.settings ? { SETTINGS: pass.settings } : {}),
    ...(pass.allowedTools?.length ? { ALLOWED_TOOLS: pass.allowedTools.join("\n") } : {}),
    ...(pass.disallowedTools?.length ? { DISALLOWED_TOOLS: pass.disallowedTools.join("\n") } : {}),
    ...(pass.promptFile ? { PROMPT_FILE: pass.promptFile } : {}),
  };
}
