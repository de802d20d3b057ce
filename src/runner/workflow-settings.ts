import { RunnerConfigError } from "./runner-config-error.js";

/**
 * The workflow owner's `settings` (JSON), checked before they are merged under the job policy: they
 * may only add deny rules (`permissions.deny`) and a few keys that neither grant nor run anything.
 * Anything that could loosen the policy or reach outside it (allow rules, a permission mode, hooks,
 * env, an API key helper, MCP servers, sandbox changes) is refused with a clear error.
 */
const HARMLESS_KEYS = new Set(["alwaysThinkingEnabled", "includeCoAuthoredBy", "cleanupPeriodDays"]);

export function checkWorkflowSettings(value: unknown): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new RunnerConfigError("settings must be a JSON object", "settings");
  }
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (key === "permissions") {
      out.permissions = { deny: denyRules(entry) };
    } else if (HARMLESS_KEYS.has(key)) {
      out[key] = entry;
    } else {
      throw new RunnerConfigError(
        `settings.${key} cannot be set by the workflow: it could loosen or bypass the job policy; ` +
          `only permissions.deny and ${[...HARMLESS_KEYS].join(", ")} are accepted`,
        "settings",
      );
    }
  }
  return out;
}

function denyRules(permissions: unknown): string[] {
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) {
    throw new RunnerConfigError("settings.permissions must be an object", "settings");
  }
  for (const key of Object.keys(permissions)) {
    if (key !== "deny") {
      throw new RunnerConfigError(
        `settings.permissions.${key} would widen or bypass the tool policy; only permissions.deny can be set`,
        "settings",
      );
    }
  }
  const deny = (permissions as { deny?: unknown }).deny ?? [];
  if (!Array.isArray(deny) || deny.some((rule) => typeof rule !== "string" || rule.trim() === "")) {
    throw new RunnerConfigError("settings.permissions.deny must be an array of rule strings", "settings");
  }
  return deny as string[];
}
