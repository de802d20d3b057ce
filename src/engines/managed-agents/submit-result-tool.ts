import type { PendingCustomToolUse } from "../../protocol/managed-agents/index.js";
import { type CompiledOutputSchema, compileOutputSchema } from "../../runner/compile-output-schema.js";
import { SUBMIT_RESULT_TOOL } from "./agent-definition.js";
import type { CustomToolAnswer } from "./drive-session.js";

/** The CLI's structured output gets five attempts; the remote tool gets the same. */
export const DEFAULT_SUBMIT_ATTEMPTS = 5;

/**
 * The host side of `submit_result`: validates each call's input against the job's schema with AJV.
 * A valid input is the session's structured output; an invalid one is answered with an error result
 * naming the problems so the agent can fix it, until the attempts run out.
 */
export class SubmitResultTool {
  private accepted: { value: unknown; toolUseId: string } | undefined;
  private attempts = 0;
  readonly problems: string[] = [];

  private constructor(
    private readonly compiled: CompiledOutputSchema,
    private readonly maxAttempts: number,
  ) {}

  static async create(
    schema: Record<string, unknown>,
    maxAttempts = DEFAULT_SUBMIT_ATTEMPTS,
  ): Promise<SubmitResultTool> {
    return new SubmitResultTool(await compileOutputSchema(schema), maxAttempts);
  }

  get result(): unknown {
    return this.accepted?.value;
  }

  get hasResult(): boolean {
    return this.accepted !== undefined;
  }

  get attemptsUsed(): number {
    return this.attempts;
  }

  get exhausted(): boolean {
    return !this.accepted && this.attempts >= this.maxAttempts;
  }

  /**
   * Rebuilds the tool's state from a session's listed history, for a host that did not follow the
   * session (a webhook-driven worker): the accepted result is the submit_result call whose answer was
   * not an error; every answered call counts as an attempt.
   */
  restore(history: ReadonlyArray<{ type: string }>): void {
    const inputs = new Map<string, unknown>();
    for (const item of history) {
      const event = item as { type: string; [field: string]: unknown };
      if (event.type === "agent.custom_tool_use" && event.name === SUBMIT_RESULT_TOOL) {
        inputs.set(String(event.id), event.input);
      } else if (event.type === "user.custom_tool_result") {
        const useId = String(event.custom_tool_use_id);
        if (!inputs.has(useId)) continue;
        this.attempts++;
        if (event.is_error !== true && !this.accepted)
          this.accepted = { value: inputs.get(useId), toolUseId: useId };
      }
    }
  }

  answer(use: PendingCustomToolUse): CustomToolAnswer {
    if (use.name !== SUBMIT_RESULT_TOOL) {
      return {
        isError: true,
        text: `Unknown tool "${use.name}". The only custom tool is ${SUBMIT_RESULT_TOOL}.`,
      };
    }
    if (this.accepted) {
      return { isError: false, text: "A result was already accepted; nothing more to submit. Stop here." };
    }
    this.attempts++;
    if (this.compiled.validate(use.input)) {
      this.accepted = { value: use.input, toolUseId: use.id };
      return { isError: false, text: "Result accepted. Stop here." };
    }
    const problems = (this.compiled.validate.errors ?? []).map(
      (e) => `${e.instancePath || "(root)"} ${e.message ?? e.keyword}`,
    );
    this.problems.push(...problems);
    if (this.attempts >= this.maxAttempts) {
      return {
        isError: true,
        text: `The input does not match the schema (${problems.join("; ")}) and no attempts are left. Stop here.`,
      };
    }
    return {
      isError: true,
      text: `The input does not match the schema: ${problems.join("; ")}. Fix it and call ${SUBMIT_RESULT_TOOL} again.`,
    };
  }
}
