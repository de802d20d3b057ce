import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { restoreSession } from "../../src/sessions/restore-session.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { LoopbackS3 } from "./loopback-s3.js";
import { describeTranscriptStoreContract, makeEntry } from "./transcript-store-contract.js";

let s3: LoopbackS3;
const bucket = "sessions";
const client = () => s3.client();

beforeAll(async () => {
  s3 = await LoopbackS3.start([bucket]);
});

afterAll(async () => {
  await s3?.close();
});

describeTranscriptStoreContract("s3 (s3rver + conditional-write gate)", async () => {
  const prefix = `run-${randomUUID()}/`;
  return {
    store: new S3TranscriptStore({ client: client(), bucket, prefix }),
    secondClient: new S3TranscriptStore({ client: client(), bucket, prefix }),
    cleanup: async () => {},
  };
});

describe("S3TranscriptStore specifics", () => {
  const key = prLineageKey("o", "r", 8);

  it("stores transcripts gzip-compressed and sends the configured server-side encryption", async () => {
    const prefix = `sse-${randomUUID()}`;
    const store = new S3TranscriptStore({
      client: client(),
      bucket,
      prefix,
      encryption: { mode: "aws:kms", kmsKeyId: "alias/claude-sessions" },
    });
    const id = randomUUID();
    const body = new TextEncoder().encode(`${'{"type":"user","message":"same line again"}\n'.repeat(200)}`);
    await store.putTranscript(key, id, body);
    const raw = await client()
      .send(
        new GetObjectCommand({
          Bucket: bucket,
          Key: `${prefix}/lineages/o/r/pr/8/transcripts/${id}.jsonl.gz`,
        }),
      )
      .then((o) => o.Body!.transformToByteArray());
    expect([raw[0], raw[1]]).toEqual([0x1f, 0x8b]);
    expect(raw.byteLength).toBeLessThan(body.byteLength / 10);
    const put = s3.gate.requests.find((r) => r.method === "PUT" && r.path.includes(id));
    expect(put?.headers["x-amz-server-side-encryption"]).toBe("aws:kms");
    expect(put?.headers["x-amz-server-side-encryption-aws-kms-key-id"]).toBe("alias/claude-sessions");
    expect(Buffer.from((await store.getTranscript(key, id))!).equals(Buffer.from(body))).toBe(true);
  });

  it("sends If-None-Match for a new index and If-Match with the ETag afterwards", async () => {
    const prefix = `cond-${randomUUID()}/`;
    const store = new S3TranscriptStore({ client: client(), bucket, prefix });
    await appendLineageEntry(store, key, makeEntry());
    const etag = (await store.readIndex(key))!.version;
    await appendLineageEntry(store, key, makeEntry());
    const indexPuts = s3.gate.requests.filter(
      (r) => r.method === "PUT" && r.path.includes(`${prefix}lineages/o/r/pr/8/index.json`),
    );
    expect(indexPuts.map((r) => [r.headers["if-none-match"], r.headers["if-match"]])).toEqual([
      ["*", undefined],
      [undefined, etag],
    ]);
  });

  it("a transcript object that is not gzip makes restore start fresh with the reason", async () => {
    const prefix = `corrupt-${randomUUID()}/`;
    const store = new S3TranscriptStore({ client: client(), bucket, prefix });
    const entry = makeEntry();
    await appendLineageEntry(store, key, entry);
    await client().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: `${prefix}lineages/o/r/pr/8/transcripts/${entry.sessionId}.jsonl.gz`,
        Body: "plain",
      }),
    );
    const cwd = await mkdtemp(join(tmpdir(), "cwd-"));
    try {
      const result = await restoreSession({
        store,
        start: { kind: "fork", from: "lineage", lineageKey: key, entry },
        configDir: join(cwd, "c"),
        cwd,
      });
      expect(result).toMatchObject({ status: "fresh_fallback", reason: "checksum_mismatch" });
      expect(result.message).toMatch(/not gzip/);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });

  it("the gate really enforces preconditions (so the contract's concurrency test means something)", async () => {
    const objectKey = `gate-${randomUUID()}`;
    const s3 = client();
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: "1", IfNoneMatch: "*" }));
    const again = await s3
      .send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: "2", IfNoneMatch: "*" }))
      .catch((e: unknown) => e);
    expect((again as { $metadata: { httpStatusCode: number } }).$metadata.httpStatusCode).toBe(412);
    const wrong = await s3
      .send(new PutObjectCommand({ Bucket: bucket, Key: objectKey, Body: "3", IfMatch: '"nope"' }))
      .catch((e: unknown) => e);
    expect((wrong as { name: string }).name).toBe("PreconditionFailed");
    const body = await s3
      .send(new GetObjectCommand({ Bucket: bucket, Key: objectKey }))
      .then((o) => o.Body!.transformToString());
    expect(body).toBe("1");
  });
});
