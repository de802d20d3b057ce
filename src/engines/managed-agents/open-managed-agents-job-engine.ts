import type { ManagedAgentsEngineConfig } from "./managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "./managed-agents-job-engine.js";

/**
 * The Managed Agents engine as a job engine, for the Action's and the command line's
 * `engine: managed-agents` alike. Its module, and the Anthropic SDK under it, load here, when a job
 * asks for this engine, not when a door starts (bench:startup).
 */
export async function openManagedAgentsJobEngine(
  config: ManagedAgentsEngineConfig,
): Promise<ManagedAgentsJobEngine> {
  const { ManagedAgentsEngine } = await import("./managed-agents-engine.js");
  return new ManagedAgentsJobEngine(new ManagedAgentsEngine(config));
}
