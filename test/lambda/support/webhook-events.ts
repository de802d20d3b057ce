import examples from "@octokit/webhooks-examples";
import { sign } from "@octokit/webhooks-methods";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";

/** A real payload from @octokit/webhooks-examples, deep-copied so a test may edit it. */
export function webhookExample(
  event: string,
  predicate: (payload: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> {
  const definition = (examples as unknown as { name: string; examples: Record<string, unknown>[] }[]).find(
    (d) => d.name === event,
  );
  const found = definition?.examples.find(predicate);
  if (!found) throw new Error(`no ${event} example matches`);
  return structuredClone(found);
}

let eventClock = Date.parse("2026-01-01T00:00:00Z");

/** A distinct `updated_at` per call: each call is a new event, as GitHub stamps them. */
export function nextEventTime(): string {
  eventClock += 1000;
  return new Date(eventClock).toISOString();
}

/**
 * A pull_request example with the given action that carries an installation (App webhooks always do).
 * Each call is a new event (its own `updated_at`); sending the same object twice is a replay.
 */
export function pullRequestExample(action: string): Record<string, unknown> {
  const payload = webhookExample(
    "pull_request",
    (p) => p.action === action && (p as { installation?: unknown }).installation !== undefined,
  );
  (payload.pull_request as Record<string, unknown>).updated_at = nextEventTime();
  return payload;
}

export interface DeliveryOptions {
  event: string;
  payload: unknown;
  deliveryId?: string;
  /** Secret used to sign; omit `signature` and `secret` for an unsigned request. */
  secret?: string;
  /** Overrides the computed X-Hub-Signature-256. */
  signature?: string;
  base64?: boolean;
  /** Raw body to send instead of JSON.stringify(payload). */
  rawBody?: string;
}

/** A Lambda Function URL event (payload format 2.0) as AWS delivers it for a GitHub webhook POST. */
export async function functionUrlEvent(opts: DeliveryOptions): Promise<APIGatewayProxyEventV2> {
  const body = opts.rawBody ?? JSON.stringify(opts.payload);
  const deliveryId = opts.deliveryId ?? crypto.randomUUID();
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "user-agent": "GitHub-Hookshot/5c2a0b4",
    "x-github-delivery": deliveryId,
    "x-github-event": opts.event,
    "x-github-hook-id": "123456",
    "x-github-hook-installation-target-type": "integration",
    "x-github-hook-installation-target-id": "1",
    "content-length": String(Buffer.byteLength(body)),
    host: "abcdefghij.lambda-url.us-east-1.on.aws",
  };
  const signature = opts.signature ?? (opts.secret !== undefined ? await sign(opts.secret, body) : undefined);
  if (signature !== undefined) headers["x-hub-signature-256"] = signature;
  const now = new Date();
  return {
    version: "2.0",
    routeKey: "$default",
    rawPath: "/",
    rawQueryString: "",
    headers,
    requestContext: {
      accountId: "anonymous",
      apiId: "abcdefghij",
      domainName: "abcdefghij.lambda-url.us-east-1.on.aws",
      domainPrefix: "abcdefghij",
      http: {
        method: "POST",
        path: "/",
        protocol: "HTTP/1.1",
        sourceIp: "140.82.115.1",
        userAgent: headers["user-agent"]!,
      },
      requestId: crypto.randomUUID(),
      routeKey: "$default",
      stage: "$default",
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: opts.base64 ? Buffer.from(body, "utf8").toString("base64") : body,
    isBase64Encoded: opts.base64 ?? false,
  };
}

/** A Lambda context whose clock runs from `remainingMs` down, like the real one. */
export function lambdaContext(functionName: string, remainingMs = 30_000): Context {
  const deadline = Date.now() + remainingMs;
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: crypto.randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "2026/12/02/[$LATEST]0123456789abcdef",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
