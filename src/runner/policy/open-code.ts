import type { PolicyRule } from "./policy-document.js";
import { type PolicyDecision, type ToolPolicy, toolMatches } from "./tool-policy.js";

/**
 * The rules under which the session's agent ran code the policy cannot see into: an allowed Bash
 * call decided by a rule that names command prefixes (an autofix's `npm test` runs the repository's
 * scripts, whatever they do) or no commands at all (any command line). A rule of allowlisted
 * `commands` is not one: each of its commands runs only with options resolved and arguments confined.
 * What such code can reach, the agent's config directory included, is the agent's to rewrite.
 */
export function openCodeRules(policy: ToolPolicy, decisions: readonly PolicyDecision[]): string[] {
  const rules = new Map(policy.rules.map((rule) => [rule.id, rule]));
  const found = new Set<string>();
  for (const decision of decisions) {
    if (decision.behavior !== "allow" || decision.toolName !== "Bash") continue;
    const rule = rules.get(decision.ruleId);
    // A rule the job's policy does not hold (one the runner added) is counted: nothing says it is closed.
    if (!rule || runsOpenCode(rule)) found.add(decision.ruleId);
  }
  return [...found].sort();
}

/**
 * The rules under which the policy would let the agent run open code, before anything ran: allow
 * rules that reach Bash and name command prefixes or no commands at all.
 */
export function openCodeAllowedBy(policy: ToolPolicy): string[] {
  return policy.rules
    .filter((rule) => rule.effect === "allow" && toolMatches(rule, "Bash") && runsOpenCode(rule))
    .map((rule) => rule.id)
    .sort();
}

function runsOpenCode(rule: PolicyRule): boolean {
  return rule.commandPrefixes !== undefined || rule.commands === undefined;
}
