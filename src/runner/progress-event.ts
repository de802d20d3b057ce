import type { PolicyDecision } from "./policy/tool-policy.js";

/** What the runner reports while a session runs (the CLI prints these as progress lines). */
export type ProgressEvent =
  | { kind: "spawned"; pid: number; claudePath: string; confinement?: string }
  | { kind: "init"; sessionId: string; model: string; claudeVersion?: string; tools: string[] }
  | { kind: "turn"; turn: number }
  | { kind: "tool_call"; toolName: string; toolUseId: string; subject: string }
  | { kind: "policy_decision"; decision: PolicyDecision }
  | {
      kind: "api_retry";
      attempt: number;
      maxRetries: number;
      errorStatus: number | null;
      error: string;
      delayMs: number;
    }
  | { kind: "result"; subtype: string; isError: boolean; costUsd: number; numTurns: number }
  | { kind: "stopping"; reason: string; step: "interrupt" | "SIGTERM" | "SIGKILL" }
  | { kind: "exited"; code: number | null; signal: string | null };
