import type { BasePersistenceLayer } from "@aws-lambda-powertools/idempotency/persistence";
import { MetricUnit } from "@aws-lambda-powertools/metrics";
import { verifyWithFallback } from "@octokit/webhooks-methods";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { JobQueue } from "../shared/job-queue.js";
import { type Telemetry, traced } from "../shared/telemetry.js";
import { deliveryIdentity } from "./delivery-identity.js";
import type { JobEnqueuer } from "./enqueue-job.js";
import { readRawRequest } from "./raw-request.js";
import { createDeliveryRouter } from "./route-delivery.js";
import type { WebhookRouting } from "./webhook-config.js";
import type { WebhookSecrets } from "./webhook-secrets.js";

export interface WebhookHandlerDeps {
  telemetry: Telemetry;
  queue: JobQueue;
  /**
   * Backed by DynamoDB in the stack; keyed by the delivery's payload identity (deliveryIdentity).
   * Opened with the first delivery that becomes a job, like the rest of the job path.
   */
  persistenceStore: () => Promise<BasePersistenceLayer>;
  /** Read through Powertools parameters (cached), so a rotation needs no redeploy. */
  secrets: () => Promise<WebhookSecrets>;
  routing: WebhookRouting;
  maxBodyBytes: number;
  deliveryTtlSeconds: number;
}

export type WebhookResult = APIGatewayProxyStructuredResultV2 & { statusCode: number; body: string };

export type WebhookHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<WebhookResult>;

/**
 * The webhook door: authenticate, decide, enqueue, answer 202. It never does the work itself because
 * GitHub abandons a delivery after 10 s; the FIFO queue and the worker take it from there.
 */
export function createWebhookHandler(deps: WebhookHandlerDeps): WebhookHandler {
  const { logger, metrics, tracer } = deps.telemetry;
  const route = createDeliveryRouter(deps.routing);
  // The job path (the message's check, idempotency, its table) loads with the first job delivery;
  // a failed load is not kept, so the next delivery tries again.
  let enqueuer: Promise<JobEnqueuer> | undefined;
  const jobPath = () => {
    enqueuer ??= Promise.all([import("./enqueue-job.js"), deps.persistenceStore()]).then(
      ([{ createJobEnqueuer }, persistenceStore]) =>
        createJobEnqueuer({
          queue: deps.queue,
          persistenceStore,
          deliveryTtlSeconds: deps.deliveryTtlSeconds,
        }),
    );
    enqueuer.catch(() => {
      enqueuer = undefined;
    });
    return enqueuer;
  };

  return async (event, context) => {
    const started = performance.now();
    logger.addContext(context);
    try {
      const result = await traced(tracer, "## webhook", () => handle(event, context));
      metrics.addMetric(`webhook_${result.statusCode}`, MetricUnit.Count, 1);
      return result;
    } catch (error) {
      // Queue or table unavailable: 500 lets the sender see the failure and redeliver later.
      logger.error("webhook delivery failed", { error: error as Error });
      metrics.addMetric("webhook_500", MetricUnit.Count, 1);
      return json(500, { status: "error", message: "delivery could not be queued; redeliver it later" });
    } finally {
      metrics.addMetric("webhook_latency", MetricUnit.Milliseconds, performance.now() - started);
      metrics.publishStoredMetrics();
      logger.resetKeys();
    }
  };

  async function handle(event: APIGatewayProxyEventV2, context: Context): Promise<WebhookResult> {
    const request = readRawRequest(event);
    const deliveryId = request.header("x-github-delivery") ?? "";
    const eventName = request.header("x-github-event") ?? "";
    logger.appendKeys({ deliveryId, githubEvent: eventName });

    if (request.byteLength > deps.maxBodyBytes) {
      logger.warn("body too large", { bytes: request.byteLength, limit: deps.maxBodyBytes });
      return json(413, { status: "rejected", message: `body exceeds ${deps.maxBodyBytes} bytes` });
    }
    const signature = request.header("x-hub-signature-256");
    if (!signature) {
      logger.warn("unsigned delivery");
      return json(401, { status: "rejected", message: "missing X-Hub-Signature-256" });
    }
    const secrets = await deps.secrets();
    if (!(await verifySignature(secrets, request.body, signature))) {
      logger.warn("signature mismatch");
      return json(401, { status: "rejected", message: "X-Hub-Signature-256 does not match" });
    }
    if (!deliveryId || !eventName) {
      return json(400, { status: "rejected", message: "missing X-GitHub-Delivery or X-GitHub-Event" });
    }

    let payload: unknown;
    try {
      payload = JSON.parse(request.body);
    } catch {
      return json(400, {
        status: "rejected",
        message: "body is not JSON; set the webhook content type to application/json",
      });
    }
    if (eventName === "ping") return json(200, { status: "pong" });

    const decision = await route({ id: deliveryId, event: eventName, payload });
    if (decision.kind === "ignored") {
      if (decision.denied)
        logger.warn("delivery from an installation that is not allowed; dropped", {
          reason: decision.reason,
        });
      else logger.info("delivery ignored", { reason: decision.reason });
      return json(202, { status: "ignored", reason: decision.reason });
    }
    const jobs = await jobPath();
    const job = jobs.message(decision.fields);
    logger.appendKeys({
      jobId: job.jobId,
      repo: `${job.owner}/${job.repo}`,
      pr: job.pullNumber,
      jobKind: job.kind,
    });
    const enqueued = await jobs.enqueue(job, deliveryIdentity(eventName, payload, deliveryId), context);
    if (enqueued.kind === "in_progress") {
      // Another invocation holds this delivery right now; 409 keeps it visible as failed in GitHub
      // in case that invocation dies, so someone can redeliver it.
      return json(409, {
        status: "in_progress",
        message: "this delivery is being queued by another request",
      });
    }
    const { outcome } = enqueued;
    if (outcome.duplicate) {
      logger.info("duplicate delivery", { originalJobId: outcome.jobId });
      metrics.addMetric("webhook_duplicates", MetricUnit.Count, 1);
      return json(202, { status: "duplicate", jobId: outcome.jobId });
    }
    logger.info("job queued", { groupId: outcome.groupId, messageId: outcome.messageId });
    metrics.addMetric("jobs_queued", MetricUnit.Count, 1);
    return json(202, { status: "queued", jobId: outcome.jobId, kind: job.kind, group: outcome.groupId });
  }
}

/** Tries the current secret, then the previous ones (rotation); never throws on malformed signatures. */
async function verifySignature(secrets: WebhookSecrets, body: string, signature: string): Promise<boolean> {
  try {
    return await verifyWithFallback(secrets.current, body, signature, secrets.previous);
  } catch {
    return false;
  }
}

function json(statusCode: number, body: Record<string, unknown>): WebhookResult {
  return { statusCode, headers: { "content-type": "application/json" }, body: JSON.stringify(body) };
}
