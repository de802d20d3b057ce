/** A Managed Agents function's environment is missing or wrong; thrown at cold start. */
export class ManagedAgentsConfigError extends Error {
  override readonly name = "ManagedAgentsConfigError";
}
