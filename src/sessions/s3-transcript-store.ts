import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type PutObjectCommandInput,
  type S3Client,
} from "@aws-sdk/client-s3";
import { type LineageIndex, parseLineageIndex, serializeLineageIndex } from "./lineage-index.js";
import {
  type LineageKey,
  lineageKeyFromStoragePath,
  lineageStoragePath,
  repositoryStoragePath,
} from "./lineage-key.js";
import { IndexConflictError, TranscriptCorruptError } from "./session-errors.js";
import { assertSessionId } from "./session-id.js";
import type {
  RepositoryDocumentName,
  TranscriptStore,
  VersionedDocument,
  VersionedLineageIndex,
} from "./transcript-store.js";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** Server-side encryption for every object written (transcripts and indexes). */
export type S3Encryption = { mode: "AES256" } | { mode: "aws:kms" | "aws:kms:dsse"; kmsKeyId?: string };

export interface S3TranscriptStoreOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix, e.g. "claude-sessions/" (a trailing "/" is added when missing). */
  prefix?: string;
  encryption?: S3Encryption;
}

interface S3ErrorShape {
  name?: string;
  Code?: string;
  $metadata?: { httpStatusCode?: number };
}

function statusOf(error: unknown): number | undefined {
  return (error as S3ErrorShape | undefined)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const e = error as S3ErrorShape | undefined;
  return e?.name === "NoSuchKey" || e?.Code === "NoSuchKey" || statusOf(error) === 404;
}

/**
 * S3 (or any S3-compatible endpoint). Transcripts are gzip-compressed
 * (`<prefix>lineages/<lineage>/transcripts/<id>.jsonl.gz`); the index
 * (`<prefix>lineages/<lineage>/index.json`) is replaced only with conditional writes: `If-Match:
 * <etag>` or, for a new lineage, `If-None-Match: *`. S3 answers 412 (or 409 while another
 * conditional write is in flight) to the loser, which appendLineageEntry retries on the fresh index.
 */
export class S3TranscriptStore implements TranscriptStore {
  readonly backend = "s3" as const;
  readonly #client: S3Client;
  readonly #bucket: string;
  readonly #prefix: string;
  readonly #encryption: S3Encryption | undefined;

  constructor(options: S3TranscriptStoreOptions) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    const prefix = options.prefix ?? "";
    this.#prefix = prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`;
    this.#encryption = options.encryption;
  }

  #lineagePrefix(key: LineageKey): string {
    return `${this.#prefix}lineages/${lineageStoragePath(key)}/`;
  }

  #transcriptKey(key: LineageKey, sessionId: string): string {
    return `${this.#lineagePrefix(key)}transcripts/${assertSessionId(sessionId)}.jsonl.gz`;
  }

  #encryptionParams(): Pick<PutObjectCommandInput, "ServerSideEncryption" | "SSEKMSKeyId"> {
    if (!this.#encryption) return {};
    if (this.#encryption.mode === "AES256") return { ServerSideEncryption: "AES256" };
    return {
      ServerSideEncryption: this.#encryption.mode,
      ...(this.#encryption.kmsKeyId ? { SSEKMSKeyId: this.#encryption.kmsKeyId } : {}),
    };
  }

  describeLocation(key?: LineageKey): string {
    return `s3://${this.#bucket}/${key ? this.#lineagePrefix(key) : `${this.#prefix}lineages/`}`;
  }

  async putTranscript(key: LineageKey, sessionId: string, jsonl: Uint8Array): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#transcriptKey(key, sessionId),
        Body: await gzipAsync(jsonl),
        ContentType: "application/gzip",
        ...this.#encryptionParams(),
      }),
    );
  }

  async #getBytes(objectKey: string): Promise<{ bytes: Uint8Array; etag: string } | undefined> {
    try {
      const out = await this.#client.send(new GetObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
      const bytes = await out.Body?.transformToByteArray();
      return { bytes: bytes ?? new Uint8Array(), etag: out.ETag ?? "" };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async getTranscript(key: LineageKey, sessionId: string): Promise<Uint8Array | undefined> {
    const objectKey = this.#transcriptKey(key, sessionId);
    const got = await this.#getBytes(objectKey);
    if (!got) return undefined;
    try {
      return new Uint8Array(await gunzipAsync(got.bytes));
    } catch (error) {
      throw new TranscriptCorruptError(
        `s3://${this.#bucket}/${objectKey}`,
        `not gzip: ${(error as Error).message}`,
      );
    }
  }

  async deleteTranscripts(key: LineageKey, sessionIds: readonly string[]): Promise<void> {
    await Promise.all(
      sessionIds.map((id) =>
        this.#client.send(
          new DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#transcriptKey(key, id) }),
        ),
      ),
    );
  }

  async readIndex(key: LineageKey): Promise<VersionedLineageIndex | undefined> {
    const objectKey = `${this.#lineagePrefix(key)}index.json`;
    const got = await this.#getBytes(objectKey);
    if (!got) return undefined;
    return {
      index: parseLineageIndex(key, got.bytes, `s3://${this.#bucket}/${objectKey}`),
      version: got.etag,
    };
  }

  async writeIndex(
    key: LineageKey,
    index: LineageIndex,
    expectedVersion: string | undefined,
  ): Promise<string> {
    return this.#swap(`${this.#lineagePrefix(key)}index.json`, serializeLineageIndex(index), {
      conflictKey: key.key,
      expectedVersion,
    });
  }

  /** A conditional put: `If-Match: <etag>`, or `If-None-Match: *` for an object that must not exist yet. */
  async #swap(
    objectKey: string,
    body: Uint8Array,
    cas: { conflictKey: string; expectedVersion: string | undefined },
  ): Promise<string> {
    try {
      const out = await this.#client.send(
        new PutObjectCommand({
          Bucket: this.#bucket,
          Key: objectKey,
          Body: body,
          ContentType: "application/json",
          ...(cas.expectedVersion === undefined ? { IfNoneMatch: "*" } : { IfMatch: cas.expectedVersion }),
          ...this.#encryptionParams(),
        }),
      );
      return out.ETag ?? "";
    } catch (error) {
      // 412 PreconditionFailed: the object changed (or exists); 409 ConditionalRequestConflict: a
      // concurrent conditional write to the same key is in flight. Both mean: re-read and retry.
      const status = statusOf(error);
      if (status === 412 || status === 409)
        throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
      throw error;
    }
  }

  #documentKey(owner: string, repo: string, name: RepositoryDocumentName): string {
    return `${this.#prefix}repositories/${repositoryStoragePath(owner, repo)}/${name}.json`;
  }

  async readRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
  ): Promise<VersionedDocument | undefined> {
    const got = await this.#getBytes(this.#documentKey(owner, repo, name));
    return got ? { bytes: got.bytes, version: got.etag } : undefined;
  }

  async writeRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
    bytes: Uint8Array,
    expectedVersion: string | undefined,
  ): Promise<string> {
    return this.#swap(this.#documentKey(owner, repo, name), bytes, {
      conflictKey: `${owner}/${repo} ${name}`,
      expectedVersion,
    });
  }

  async #listKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.#client.send(
        new ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async deleteLineage(key: LineageKey): Promise<void> {
    const keys = await this.#listKeys(this.#lineagePrefix(key));
    // The index goes first: a reader never sees an index naming deleted transcripts.
    const index = keys.filter((k) => k.endsWith("/index.json"));
    for (const k of index) await this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: k }));
    await Promise.all(
      keys
        .filter((k) => !k.endsWith("/index.json"))
        .map((k) => this.#client.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: k }))),
    );
  }

  async listLineages(): Promise<LineageKey[]> {
    const base = `${this.#prefix}lineages/`;
    const found: LineageKey[] = [];
    for (const objectKey of await this.#listKeys(base)) {
      if (!objectKey.endsWith("/index.json")) continue;
      const key = lineageKeyFromStoragePath(objectKey.slice(base.length, -"/index.json".length));
      if (key) found.push(key);
    }
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }
}
