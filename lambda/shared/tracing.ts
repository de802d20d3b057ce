import { Tracer } from "@aws-lambda-powertools/tracer";
import { createTelemetry, type Telemetry } from "./telemetry.js";

/**
 * Telemetry with an X-Ray tracer, for the functions whose jobs are long enough that per-call
 * subsegments explain where the time went (the worker, the Managed Agents settle step). Kept apart
 * from telemetry.ts so the other functions never load the X-Ray SDK.
 */
export function createTracedTelemetry(
  serviceName: string,
  env: NodeJS.ProcessEnv,
): Telemetry & { tracer: Tracer } {
  return { ...createTelemetry(serviceName, env), tracer: new Tracer({ serviceName }) };
}
