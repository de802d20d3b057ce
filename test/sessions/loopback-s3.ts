import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import { S3ConditionalWriteGate } from "./s3-conditional-write-gate.js";

/** s3rver's only key pair; the SDK must sign with it. */
export const S3RVER_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

/**
 * A real S3 protocol server on loopback: s3rver with the given buckets, behind the conditional-write
 * gate (s3rver ignores If-Match / If-None-Match on PUT; see s3-conditional-write-gate.ts). `url` is
 * the gate's, so every client goes through it. Always `close()` it.
 */
export class LoopbackS3 {
  private constructor(
    private readonly server: S3rver,
    readonly gate: S3ConditionalWriteGate,
    private readonly dir: string,
  ) {}

  static async start(buckets: string[] = ["sessions"]): Promise<LoopbackS3> {
    const dir = mkdtempSync(join(tmpdir(), "cpr-s3rver-"));
    const server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: dir,
      configureBuckets: buckets.map((name) => ({ name, configs: [] })),
    });
    const address = (await server.run()) as { port: number };
    return new LoopbackS3(server, await S3ConditionalWriteGate.start(address.port), dir);
  }

  get url(): string {
    return this.gate.url;
  }

  /** A client for the gate (or another endpoint in front of s3rver), path-style, s3rver's keys. */
  client(endpoint = this.url): S3Client {
    return new S3Client({
      endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      // s3rver predates the SDK's default CRC32 checksums.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async close(): Promise<void> {
    await this.gate.close();
    await this.server.close();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
