import { compileOnFirstUse } from "../../src/json-schema/compile-on-first-use.js";
import { schemaProblems } from "../../src/json-schema/schema-problems.js";
import { MAX_TOOL_RESULT_CHARS, MAX_TOOL_USE_RECORDS } from "../../src/protocol/tool-use-record.js";
import { checkStructuredOutput, structuredOutputFailure } from "../../src/runner/check-structured-output.js";
import type { CompiledOutputSchema } from "../../src/runner/compile-output-schema.js";
import type { ToolPolicy } from "../../src/runner/policy/tool-policy.js";
import { attestAgentFunctionRun } from "../../src/runner/run-attestation.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";

/**
 * The outcome the agent function uploads is written by a process the agent's own code shared a uid
 * with (Lambda has one user and no PID namespace), so it is read as hostile input: checked against
 * this schema, and the facts the orchestrator can know itself (its attestation, the structured
 * output's check, the metered cost) are its own, whatever the file says.
 */

/** Far above any real outcome (the tool-use records are bounded); a larger file is refused unread. */
export const MAX_AGENT_OUTCOME_BYTES = 32 * 1024 * 1024;

const TEXT = { type: "string", maxLength: 1_000_000 } as const;
const TEXTS = { type: "array", maxItems: 10_000, items: TEXT } as const;
const COUNT = { type: "integer", minimum: 0 } as const;
const AMOUNT = { type: "number", minimum: 0 } as const;

/**
 * Every field of a session's outcome but two the agent function never writes: `workspacePatch` (a
 * remote container's edits; this engine's come back as an archive) and `executionLogPath` (a path on
 * its machine). Typed so that a new outcome field fails to compile until it is described here.
 */
type ReportedField = Exclude<keyof SessionOutcome, "workspacePatch" | "executionLogPath">;

const REPORTED_FIELDS: Record<ReportedField, object> = {
  subtype: { type: "string", maxLength: 100 },
  isError: { type: "boolean" },
  exitCode: { enum: [0, 1, 143] },
  structuredOutput: {},
  resultText: TEXT,
  // The transcript's file name and the next session's `--resume` value.
  sessionId: { type: "string", pattern: "^[A-Za-z0-9-]{1,128}$" },
  totalCostUsd: AMOUNT,
  usage: { type: "object" },
  numTurns: COUNT,
  permissionDenials: { type: "array", maxItems: 10_000, items: { type: "object" } },
  errors: TEXTS,
  apiErrorStatus: { type: "integer" },
  durationMs: AMOUNT,
  stopReason: { anyOf: [{ type: "string", maxLength: 200 }, { type: "null" }] },
  terminalReason: TEXT,
  reason: TEXT,
  policyDecisions: {
    type: "array",
    maxItems: 100_000,
    items: {
      type: "object",
      required: ["toolName", "behavior", "ruleId", "reason", "subject", "at"],
      additionalProperties: false,
      properties: {
        toolName: TEXT,
        toolUseId: TEXT,
        behavior: { enum: ["allow", "deny"] },
        ruleId: TEXT,
        reason: TEXT,
        subject: TEXT,
        at: TEXT,
      },
    },
  },
  failureReasons: TEXTS,
  stoppedBy: { enum: ["deadline", "watchdog", "credentials_rejected", "credential_proxy", "budget"] },
  structuredOutputCheck: { enum: ["schema_valid", "missing", "invalid", "not_requested"] },
  claudeVersion: { type: "string", pattern: "^[0-9A-Za-z.+-]{1,64}$" },
  model: { type: "string", maxLength: 200 },
  apiRetries: COUNT,
  toolUses: {
    type: "array",
    maxItems: MAX_TOOL_USE_RECORDS,
    items: {
      type: "object",
      required: ["id", "name", "input"],
      additionalProperties: false,
      properties: {
        id: TEXT,
        name: { type: "string", maxLength: 200 },
        input: { type: "object" },
        result: { type: "string", maxLength: MAX_TOOL_RESULT_CHARS },
        isError: { type: "boolean" },
      },
    },
  },
  stderrTail: TEXT,
  credentialProxy: {
    type: "object",
    required: ["forwarded", "refused", "spentUsd"],
    additionalProperties: false,
    properties: { forwarded: COUNT, refused: COUNT, spentUsd: AMOUNT, stop: { type: "object" } },
  },
  notes: TEXTS,
  // What the agent function's runner says about itself: accepted, never used (readAgentOutcome).
  attestation: { type: "object" },
  confinement: TEXT,
  editsLeftOut: TEXTS,
};

const AGENT_OUTCOME_SCHEMA = {
  type: "object",
  required: [
    "subtype",
    "isError",
    "exitCode",
    "totalCostUsd",
    "numTurns",
    "permissionDenials",
    "errors",
    "durationMs",
    "policyDecisions",
    "failureReasons",
    "structuredOutputCheck",
    "apiRetries",
    "notes",
  ],
  additionalProperties: false,
  properties: REPORTED_FIELDS,
} as const;

const validateAgentOutcome = compileOnFirstUse<SessionOutcome>(AGENT_OUTCOME_SCHEMA);

export interface AgentOutcomeFacts {
  /** The policy the orchestrator sent: the attestation names it, not the agent's report. */
  policy: ToolPolicy;
  /** The session's output schema, compiled here: the structured output is checked again. */
  outputSchema?: CompiledOutputSchema;
  /** What the model gateway metered for this session under the job's token, when it could be read. */
  meteredCostUsd?: number;
  /** How long the orchestrator waited for the agent function. */
  durationMs: number;
}

export interface AgentOutcomeRead {
  outcome: SessionOutcome;
  /** False when the file was refused: `outcome` is then a failed session saying why, and nothing else of the agent's is taken. */
  accepted: boolean;
}

/**
 * The agent function's outcome as the orchestrator acts on it. A file that is not an outcome (too
 * large, not JSON, not the shape) becomes a failed session that says why, so nothing of it is
 * published, recorded or applied. A well-formed one keeps what only the session knows (its result,
 * decisions, tool calls) and takes these from the orchestrator:
 * - the attestation and confinement (attestAgentFunctionRun);
 * - the structured output's check, made again against the schema the orchestrator sent;
 * - the cost: never less than the gateway metered, so the daily spend caps book what was spent;
 * - no edits list or patch: an editing session's files come back as an archive the orchestrator checks.
 */
export function readAgentOutcome(bytes: Buffer, facts: AgentOutcomeFacts): AgentOutcomeRead {
  const refused = (why: string): AgentOutcomeRead => ({
    accepted: false,
    outcome: failedOutcome(`the agent function's outcome was refused: ${why}`, facts),
  });
  if (bytes.length > MAX_AGENT_OUTCOME_BYTES)
    return refused(
      `it is ${bytes.length} bytes, over the ${MAX_AGENT_OUTCOME_BYTES} a session's outcome can be`,
    );
  let document: unknown;
  try {
    document = JSON.parse(bytes.toString("utf8"));
  } catch (error) {
    return refused(`it is not JSON (${(error as Error).message})`);
  }
  if (!validateAgentOutcome(document)) {
    const problems = schemaProblems(validateAgentOutcome.errors, document);
    return refused(`${problems.slice(0, 5).join("; ")}${problems.length > 5 ? "; …" : ""}`);
  }
  const {
    attestation: _claimed,
    confinement: _claimedConfinement,
    editsLeftOut: _claimedLeftOut,
    ...reported
  } = document;
  const outcome: SessionOutcome = {
    ...reported,
    failureReasons: [...reported.failureReasons],
    notes: [...reported.notes],
    ...attested(facts, reported.claudeVersion),
  };
  recheckStructuredOutput(outcome, facts.outputSchema);
  bookMeteredCost(outcome, facts.meteredCostUsd);
  if (outcome.exitCode === 0 && (outcome.isError || outcome.failureReasons.length > 0)) outcome.exitCode = 1;
  return { accepted: true, outcome };
}

function attested(facts: AgentOutcomeFacts, claudeVersion: string | undefined) {
  const attestation = attestAgentFunctionRun({
    policy: facts.policy,
    ...(claudeVersion ? { claudeVersion } : {}),
  });
  return { attestation, confinement: attestation.confinement };
}

function recheckStructuredOutput(outcome: SessionOutcome, schema: CompiledOutputSchema | undefined): void {
  const checked = checkStructuredOutput(schema, outcome.structuredOutput);
  outcome.structuredOutputCheck = checked.check;
  const failure = structuredOutputFailure(checked);
  if (failure) outcome.failureReasons.push(failure);
}

function bookMeteredCost(outcome: SessionOutcome, metered: number | undefined): void {
  if (metered === undefined || metered <= outcome.totalCostUsd) return;
  outcome.notes.push(
    `the agent function reported a cost of $${outcome.totalCostUsd.toFixed(6)}; the model gateway metered $${metered.toFixed(6)} for this session, which is what counts`,
  );
  outcome.totalCostUsd = metered;
  if (outcome.credentialProxy) outcome.credentialProxy = { ...outcome.credentialProxy, spentUsd: metered };
}

function failedOutcome(reason: string, facts: AgentOutcomeFacts): SessionOutcome {
  return {
    subtype: "no_result",
    isError: true,
    exitCode: 1,
    totalCostUsd: facts.meteredCostUsd ?? 0,
    numTurns: 0,
    permissionDenials: [],
    errors: [],
    durationMs: facts.durationMs,
    policyDecisions: [],
    failureReasons: [reason],
    structuredOutputCheck: facts.outputSchema ? "missing" : "not_requested",
    apiRetries: 0,
    notes: [],
    ...attested(facts, undefined),
  };
}
