/**
 * Powertools Logger and Metrics write JSON lines (logs, EMF) straight to stdout and stderr (warnings
 * and errors) inside Lambda, where both go to CloudWatch; capturing the streams is how tests see
 * exactly what CloudWatch would receive.
 */
export class CapturedStdout {
  private readonly chunks: string[] = [];
  private readonly originalOut = process.stdout.write.bind(process.stdout);
  private readonly originalErr = process.stderr.write.bind(process.stderr);

  start(): this {
    const capture = ((chunk: string | Uint8Array) => {
      this.chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    }) as typeof process.stdout.write;
    process.stdout.write = capture;
    process.stderr.write = capture;
    return this;
  }

  stop(): void {
    process.stdout.write = this.originalOut;
    process.stderr.write = this.originalErr;
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
