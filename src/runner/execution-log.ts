import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { SecretRedactor } from "./secret-redactor.js";

/**
 * The session's execution log: one NDJSON line per frame received or sent and per host event
 * (policy decisions, stop steps), secrets redacted before anything touches the disk.
 * Line shape: `{"t": <ms since start>, "dir": "recv"|"send"|"host", "frame"|"event": {...}}`.
 */
export class ExecutionLog {
  private constructor(
    private readonly stream: WriteStream | undefined,
    private readonly redactor: SecretRedactor,
    private readonly startedAt: number,
  ) {}

  static async open(filePath: string | undefined, redactor: SecretRedactor): Promise<ExecutionLog> {
    if (!filePath) return new ExecutionLog(undefined, redactor, Date.now());
    await mkdir(path.dirname(filePath), { recursive: true });
    const stream = createWriteStream(filePath, { flags: "w", mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      stream.once("open", () => resolve());
      stream.once("error", reject);
    });
    return new ExecutionLog(stream, redactor, Date.now());
  }

  received(frame: unknown): void {
    this.write({ dir: "recv", frame });
  }

  sent(frame: unknown): void {
    this.write({ dir: "send", frame });
  }

  host(event: Record<string, unknown>): void {
    this.write({ dir: "host", event });
  }

  private write(entry: Record<string, unknown>): void {
    if (!this.stream) return;
    this.stream.write(
      `${this.redactor.redact(JSON.stringify({ t: Date.now() - this.startedAt, ...entry }))}\n`,
    );
  }

  async close(): Promise<void> {
    const stream = this.stream;
    if (!stream) return;
    await new Promise<void>((resolve) => stream.end(resolve));
  }
}
