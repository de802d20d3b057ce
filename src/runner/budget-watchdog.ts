import type { StdoutFrame } from "../protocol/index.js";
import type { WatchdogLimits } from "./session-options.js";

/**
 * Counts assistant turns and cumulative cost from the frames themselves and says when a limit is
 * passed, independently of the CLI's own `--max-turns` / `--max-budget-usd` (which users have seen
 * exceeded). Cost: the latest result's `total_cost_usd` is cumulative for the session (docs/protocol.md#seed-references: "多轮
 * streaming input 应读取最新 result,不要把每轮累计值相加"), plus an optional usage-based estimate
 * for the turn in flight.
 */
export class BudgetWatchdog {
  private readonly messageIds = new Set<string>();
  private resultCostUsd = 0;
  private inflightTokens = { input: 0, output: 0 };

  constructor(private readonly limits: WatchdogLimits) {}

  get assistantTurns(): number {
    return this.messageIds.size;
  }

  get costUsd(): number {
    const price = this.limits.usdPerMillionTokens;
    const estimate = price
      ? (this.inflightTokens.input * price.input + this.inflightTokens.output * price.output) / 1_000_000
      : 0;
    return this.resultCostUsd + estimate;
  }

  /** Feeds one frame; returns true when it started a new assistant turn. */
  observe(frame: StdoutFrame): boolean {
    if (frame.type === "assistant" && !frame.parent_tool_use_id) {
      const id = frame.message.id;
      if (typeof id === "string" && !this.messageIds.has(id)) {
        this.messageIds.add(id);
        const usage = frame.message.usage as { input_tokens?: number; output_tokens?: number } | undefined;
        this.inflightTokens.input += usage?.input_tokens ?? 0;
        this.inflightTokens.output += usage?.output_tokens ?? 0;
        return true;
      }
    } else if (frame.type === "result") {
      this.resultCostUsd = Math.max(this.resultCostUsd, frame.total_cost_usd ?? 0);
      this.inflightTokens = { input: 0, output: 0 };
    }
    return false;
  }

  /** The reason to stop the session, once a limit is passed. */
  breach(): string | undefined {
    const { maxTurns, maxCostUsd } = this.limits;
    if (maxTurns !== undefined && this.assistantTurns > maxTurns) {
      return `watchdog: ${this.assistantTurns} assistant turns passed the limit of ${maxTurns}`;
    }
    if (maxCostUsd !== undefined && this.costUsd > maxCostUsd) {
      return `watchdog: cost $${this.costUsd.toFixed(4)} passed the limit of $${maxCostUsd}`;
    }
    return undefined;
  }
}
