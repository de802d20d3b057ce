/**
 * USD per million tokens by model family (input, output). An unknown model is priced like the most
 * expensive family, so the cap errs on the side of stopping early.
 */
const PRICES: ReadonlyArray<{ pattern: RegExp; input: number; output: number }> = [
  { pattern: /haiku/i, input: 1, output: 5 },
  { pattern: /sonnet/i, input: 3, output: 15 },
  { pattern: /opus/i, input: 15, output: 75 },
];
const UNKNOWN = { input: 15, output: 75 };

export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

export function usageCostUsd(model: string | undefined, usage: Usage): number {
  const price = PRICES.find((p) => model && p.pattern.test(model)) ?? UNKNOWN;
  const input =
    (usage.input_tokens ?? 0) +
    1.25 * (usage.cache_creation_input_tokens ?? 0) +
    0.1 * (usage.cache_read_input_tokens ?? 0);
  return (input * price.input + (usage.output_tokens ?? 0) * price.output) / 1_000_000;
}

/**
 * Reads usage out of a Messages API answer as it streams past: `message_start` carries the input
 * side, each `message_delta` the cumulative output; a non-streamed JSON body carries both at the top.
 */
export class UsageReader {
  private readonly usage: Usage = {};
  private pending = "";
  private json = "";

  constructor(private readonly streaming: boolean) {}

  push(chunk: Uint8Array): void {
    const text = Buffer.from(chunk).toString("utf8");
    if (!this.streaming) {
      this.json += text;
      return;
    }
    this.pending += text;
    let newline = this.pending.indexOf("\n");
    while (newline >= 0) {
      this.line(this.pending.slice(0, newline).trim());
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf("\n");
    }
  }

  finish(): Usage {
    if (this.streaming) this.line(this.pending.trim());
    else {
      try {
        Object.assign(this.usage, (JSON.parse(this.json) as { usage?: Usage }).usage ?? {});
      } catch {
        // not JSON (an error page): nothing was used
      }
    }
    return { ...this.usage };
  }

  private line(line: string): void {
    if (!line.startsWith("data:")) return;
    try {
      const event = JSON.parse(line.slice(5)) as {
        type?: string;
        message?: { usage?: Usage };
        usage?: Usage;
      };
      if (event.type === "message_start") Object.assign(this.usage, event.message?.usage ?? {});
      else if (event.type === "message_delta" && event.usage) Object.assign(this.usage, event.usage);
    } catch {
      // a partial or foreign line
    }
  }
}
