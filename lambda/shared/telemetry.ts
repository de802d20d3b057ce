import { Logger } from "@aws-lambda-powertools/logger";
import { Metrics } from "@aws-lambda-powertools/metrics";
import { Tracer } from "@aws-lambda-powertools/tracer";

/** The three Powertools utilities every handler carries, built once per cold start. */
export interface Telemetry {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracer;
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
    tracer: new Tracer({ serviceName }),
  };
}

/**
 * Runs `fn` inside an X-Ray subsegment when tracing is active (inside Lambda); outside Lambda the
 * tracer is disabled and this is a plain call. Errors are attached to the subsegment and rethrown.
 */
export async function traced<T>(tracer: Tracer, name: string, fn: () => Promise<T>): Promise<T> {
  if (!tracer.isTracingEnabled()) return fn();
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
