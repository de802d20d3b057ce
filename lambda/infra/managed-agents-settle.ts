import {
  CfnOutput,
  Duration,
  aws_dynamodb as dynamodb,
  aws_lambda_event_sources as eventSources,
  aws_events as events,
  aws_events_targets as eventsTargets,
  aws_iam as iam,
  aws_lambda as lambda,
  type aws_logs as logs,
  RemovalPolicy,
  Size,
  aws_secretsmanager as secretsmanager,
  type aws_sqs as sqs,
} from "aws-cdk-lib";
import type * as s3 from "aws-cdk-lib/aws-s3";
import { Construct } from "constructs";
import { expiringTable } from "./expiring-table.js";
import { fifoQueueWithDeadLetters } from "./fifo-queue-with-dead-letters.js";
import { nodeFunctionDefaults } from "./node-function-defaults.js";

export interface ManagedAgentsSettleProps {
  /** The worker: it starts sessions, so it records them and reads the Managed Agents key. */
  worker: lambda.IFunction & { addEnvironment(key: string, value: string): unknown };
  appPrivateKey: secretsmanager.ISecret;
  /** The per-PR daily spend counters: a settled session books its real cost against the reservation. */
  spendTable: dynamodb.ITable;
  appId: string;
  githubApiUrl: string;
  allowedInstallations: string;
  /** FAIL_ON, INCLUDE and EXCLUDE, the worker's own: a remote review concludes as a local one. */
  reviewRules: Record<string, string>;
  logGroup: (id: string) => logs.ILogGroup;
  powertools: (service: string) => Record<string, string>;
  /**
   * The worker's container image with another command: the settle step of an autofix clones the PR
   * head and applies the agent's patch with git, which only that image has.
   */
  imageCode: (cmd: string) => lambda.DockerImageCode;
  architecture: lambda.Architecture;
  /** Where the autofix settle step clones from (the worker's GITHUB_SERVER_URL). */
  githubServerUrl: string;
  /** The worker's sessions bucket: a published review's count goes into the repository's tally there. */
  sessionsBucket: s3.IBucket;
}

/** The sessions table's sparse index of open sessions (lambda/shared/session-record-store.ts). */
const OPEN_SESSIONS_INDEX_NAME = "open-sessions";
/** How often the sweeper runs, and how long a session is open before it is looked at (docs/engines.md). */
const SESSION_SWEEP_EVERY = Duration.minutes(5);
const SESSION_SWEEP_GRACE_MINUTES = 10;

/**
 * The managed-agents engine on Lambda (docs/engines.md, docs/lambda.md): the sessions table the
 * worker records each started session in, the Function URL Anthropic's webhooks reach, the FIFO
 * settle queue (one group per session) and the settle function that answers the session's tools or
 * publishes its result. No function here runs an agent; only an autofix's settle step clones (the
 * pinned head, to land the agent's patch before committing it through the API).
 */
export class ManagedAgentsSettle extends Construct {
  readonly sessionsTable: dynamodb.Table;
  readonly settleQueue: sqs.Queue;
  readonly settleDeadLetterQueue: sqs.Queue;
  readonly webhookFunction: lambda.Function;
  readonly settleFunction: lambda.DockerImageFunction;
  readonly sweepFunction: lambda.Function;
  readonly apiKey: secretsmanager.Secret;
  readonly signingKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ManagedAgentsSettleProps) {
    super(scope, id);
    // Its own key, so the operator can give Managed Agents a workspace and spend limit of its own; the
    // CLI's key stays readable by the model gateway only.
    this.apiKey = new secretsmanager.Secret(this, "ApiKey", {
      description:
        "Anthropic API key for Claude Managed Agents sessions; put the value with put-secret-value",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.signingKey = new secretsmanager.Secret(this, "WebhookSigningKey", {
      description:
        "Signing key (whsec_…) of the Anthropic Console webhook that points at AnthropicWebhookUrl",
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.sessionsTable = expiringTable(this, "SessionsTable");
    // Only sessions not yet published carry the index's keys: the sweeper reads those and no others.
    this.sessionsTable.addGlobalSecondaryIndex({
      indexName: OPEN_SESSIONS_INDEX_NAME,
      partitionKey: { name: "open", type: dynamodb.AttributeType.STRING },
      sortKey: { name: "openedAt", type: dynamodb.AttributeType.NUMBER },
      projectionType: dynamodb.ProjectionType.INCLUDE,
      nonKeyAttributes: ["deadlineAt"],
    });

    const settleTimeout = Duration.minutes(2);
    const settleQueues = fifoQueueWithDeadLetters(
      this,
      { queue: "SettleQueue", deadLetterQueue: "SettleDeadLetterQueue" },
      {
        // Lambda's SQS event source needs at least the function's timeout; a minute more for slack.
        visibilityTimeout: Duration.seconds(settleTimeout.toSeconds() + 60),
        maxReceiveCount: 5,
      },
    );
    this.settleQueue = settleQueues.queue;
    this.settleDeadLetterQueue = settleQueues.deadLetterQueue;

    // --- Anthropic's webhooks: verified with the SDK's unwrap, then one settle message per session ---
    this.webhookFunction = new lambda.Function(this, "WebhookFunction", {
      logGroup: props.logGroup("AnthropicWebhookFunction"),
      ...nodeFunctionDefaults("lambda/managed-agents/anthropic-webhook-function.ts"),
      timeout: Duration.seconds(10),
      memorySize: 256,
      environment: {
        ...props.powertools("anthropic-webhook"),
        ANTHROPIC_WEBHOOK_SIGNING_KEY_SECRET: `secretsmanager:${this.signingKey.secretArn}`,
        SETTLE_QUEUE_URL: this.settleQueue.queueUrl,
      },
    });
    // Authentication is the Standard Webhooks signature, checked in the handler before anything else.
    const url = this.webhookFunction.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
    this.settleQueue.grantSendMessages(this.webhookFunction);
    this.signingKey.grantRead(this.webhookFunction);

    // --- settle: one short look per webhook; publishes with a token scoped to the session's repository ---
    // The worker's image (git, no CLI run): an autofix's patch lands in a clone before its commit.
    this.settleFunction = new lambda.DockerImageFunction(this, "SettleFunction", {
      logGroup: props.logGroup("SettleFunction"),
      code: props.imageCode("settle.handler"),
      architecture: props.architecture,
      timeout: settleTimeout,
      memorySize: 1024,
      ephemeralStorageSize: Size.mebibytes(2048), // one shallow clone of a PR head at a time
      tracing: lambda.Tracing.ACTIVE,
      environment: {
        GITHUB_SERVER_URL: props.githubServerUrl,
        ...props.powertools("managed-agents-settle"),
        GITHUB_APP_ID: props.appId,
        GITHUB_API_URL: props.githubApiUrl,
        GITHUB_APP_PRIVATE_KEY: `secretsmanager:${props.appPrivateKey.secretArn}`,
        ALLOWED_INSTALLATIONS: props.allowedInstallations,
        SESSIONS_TABLE_NAME: this.sessionsTable.tableName,
        MANAGED_AGENTS_API_KEY_SECRET: `secretsmanager:${this.apiKey.secretArn}`,
        SPEND_TABLE_NAME: props.spendTable.tableName,
        SESSIONS_BUCKET: props.sessionsBucket.bucketName,
        ...props.reviewRules,
      },
    });
    this.settleFunction.addEventSource(
      new eventSources.SqsEventSource(this.settleQueue, { batchSize: 1, reportBatchItemFailures: true }),
    );
    props.appPrivateKey.grantRead(this.settleFunction);
    this.apiKey.grantRead(this.settleFunction);
    // Read a session's record, then mark it published (conditional update); nothing else.
    this.settleFunction.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:GetItem", "dynamodb:UpdateItem"],
        resources: [this.sessionsTable.tableArn],
      }),
    );

    // The repository documents beside the sessions (the resolution tally): read and conditionally
    // replace them; no transcript, no listing, no delete.
    this.settleFunction.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["s3:GetObject", "s3:PutObject"],
        resources: [props.sessionsBucket.arnForObjects("repositories/*")],
      }),
    );

    // Book a settled session's real cost against the worker's reservation (an ADD, nothing else).
    this.settleFunction.addToRolePolicy(
      new iam.PolicyStatement({ actions: ["dynamodb:UpdateItem"], resources: [props.spendTable.tableArn] }),
    );

    // --- the sweeper: a lost webhook must not leave a check run in_progress forever ---
    this.sweepFunction = new lambda.Function(this, "SweepFunction", {
      logGroup: props.logGroup("SessionSweepFunction"),
      ...nodeFunctionDefaults("lambda/managed-agents/session-sweep-function.ts"),
      timeout: Duration.minutes(2),
      memorySize: 256,
      environment: {
        ...props.powertools("managed-agents-sweep"),
        SESSIONS_TABLE_NAME: this.sessionsTable.tableName,
        SETTLE_QUEUE_URL: this.settleQueue.queueUrl,
        MANAGED_AGENTS_API_KEY_SECRET: `secretsmanager:${this.apiKey.secretArn}`,
        SWEEP_GRACE_MINUTES: String(SESSION_SWEEP_GRACE_MINUTES),
      },
    });
    // It reads the open-sessions index and the sessions' status, and queues settle steps: it never
    // publishes and holds no GitHub key.
    this.sweepFunction.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:Query"],
        resources: [`${this.sessionsTable.tableArn}/index/${OPEN_SESSIONS_INDEX_NAME}`],
      }),
    );
    this.settleQueue.grantSendMessages(this.sweepFunction);
    this.apiKey.grantRead(this.sweepFunction);
    new events.Rule(this, "SweepSchedule", {
      description: "Settle Managed Agents sessions whose Anthropic webhook never arrived",
      schedule: events.Schedule.rate(SESSION_SWEEP_EVERY),
      // A failed run is not retried: the next one, minutes later, looks at the same sessions.
      targets: [new eventsTargets.LambdaFunction(this.sweepFunction, { retryAttempts: 0 })],
    });

    // --- the worker starts sessions: it records them (and reads a PR's latest) and reads the key ---
    props.worker.addEnvironment("ENGINE", "managed-agents");
    props.worker.addEnvironment("SESSIONS_TABLE_NAME", this.sessionsTable.tableName);
    props.worker.addEnvironment("MANAGED_AGENTS_API_KEY_SECRET", `secretsmanager:${this.apiKey.secretArn}`);
    this.apiKey.grantRead(props.worker);
    props.worker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ["dynamodb:PutItem", "dynamodb:GetItem"],
        resources: [this.sessionsTable.tableArn],
      }),
    );

    new CfnOutput(this, "AnthropicWebhookUrl", {
      value: url.url,
      description: "Endpoint URL of the Anthropic Console webhook (session.status_* events)",
    });
    new CfnOutput(this, "WebhookSigningKeySecretArn", { value: this.signingKey.secretArn });
    new CfnOutput(this, "ApiKeySecretArn", { value: this.apiKey.secretArn });
  }
}
