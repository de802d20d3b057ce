import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics } from "@aws-lambda-powertools/metrics";
import type { Tracer } from "@aws-lambda-powertools/tracer";

/**
 * The Powertools utilities a handler carries, built once per cold start. The tracer is only in the
 * functions that run long jobs (the worker, the Managed Agents settle step: `createTracedTelemetry`
 * in tracing.ts). The short functions (webhook, schedule, the sweeps) leave the X-Ray SDK out of
 * their cold start (about 20 ms and 125 KB bundled); Lambda's active tracing still records each of
 * their invocations as a segment.
 */
export interface Telemetry {
  logger: Logger;
  metrics: Metrics;
  tracer?: Tracer;
}

/** Namespace used when POWERTOOLS_METRICS_NAMESPACE is not set by the stack. */
export const METRICS_NAMESPACE = "ClaudePrRunner";

/** `env`: the function's environment, read by its handler (POWERTOOLS_METRICS_NAMESPACE). */
export function createTelemetry(serviceName: string, env: NodeJS.ProcessEnv): Telemetry {
  return {
    logger: new Logger({ serviceName }),
    metrics: new Metrics({
      serviceName,
      namespace: env.POWERTOOLS_METRICS_NAMESPACE ?? METRICS_NAMESPACE,
    }),
  };
}

/**
 * Runs `fn` inside an X-Ray subsegment when the function has a tracer and tracing is active (inside
 * Lambda); otherwise this is a plain call. Errors are attached to the subsegment and rethrown.
 */
export async function traced<T>(tracer: Tracer | undefined, name: string, fn: () => Promise<T>): Promise<T> {
  if (!tracer?.isTracingEnabled()) return fn();
  const parent = tracer.getSegment();
  const sub = parent?.addNewSubsegment(name);
  if (sub) tracer.setSegment(sub);
  try {
    return await fn();
  } catch (error) {
    tracer.addErrorAsMetadata(error as Error);
    throw error;
  } finally {
    sub?.close();
    if (parent) tracer.setSegment(parent);
  }
}
