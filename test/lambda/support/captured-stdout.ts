/**
 * Powertools Logger and Metrics write JSON lines (logs, EMF) straight to process.stdout inside Lambda;
 * capturing the stream is how tests see exactly what CloudWatch would receive.
 */
export class CapturedStdout {
  private readonly chunks: string[] = [];
  private readonly original = process.stdout.write.bind(process.stdout);

  start(): this {
    process.stdout.write = ((chunk: string | Uint8Array) => {
      this.chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    }) as typeof process.stdout.write;
    return this;
  }

  stop(): void {
    process.stdout.write = this.original;
  }

  get text(): string {
    return this.chunks.join("");
  }

  /** Every JSON line written so far. */
  get records(): Record<string, unknown>[] {
    return this.text
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  clear(): void {
    this.chunks.length = 0;
  }
}
