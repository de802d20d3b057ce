import type { ProgressEvent } from "../../runner/progress-event.js";

/** One human-readable stderr line per progress event (already redacted by the runner). */
export function formatProgressEvent(event: ProgressEvent): string {
  switch (event.kind) {
    case "spawned":
      return `claude started (pid ${event.pid})${event.confinement ? ` · ${event.confinement}` : ""}`;
    case "init":
      return `session ${event.sessionId} · model ${event.model}${event.claudeVersion ? ` · claude ${event.claudeVersion}` : ""}`;
    case "turn":
      return `turn ${event.turn}`;
    case "tool_call":
      return `tool call ${event.toolName}: ${event.subject}`;
    case "policy_decision": {
      const d = event.decision;
      return `policy ${d.behavior === "allow" ? "allow" : "DENY"} ${d.toolName} (${d.ruleId}): ${d.behavior === "allow" ? d.subject : d.reason}`;
    }
    case "api_retry":
      return `API retry ${event.attempt}/${event.maxRetries}: HTTP ${event.errorStatus ?? "?"} ${event.error}, next attempt in ${(event.delayMs / 1000).toFixed(1)}s`;
    case "result":
      return `result ${event.subtype}${event.isError ? " (error)" : ""} · ${event.numTurns} turns · cost so far $${event.costUsd.toFixed(4)}`;
    case "stopping":
      return `stopping (${event.step}): ${event.reason}`;
    case "exited":
      return `claude exited (${event.signal ? `signal ${event.signal}` : `code ${event.code}`})`;
  }
}
