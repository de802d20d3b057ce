import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);
import {
  require_dist_cjs
} from "./chunk-AIH2BU7Y.js";
import "./chunk-HBPC2R4E.js";
import {
  IndexConflictError,
  TranscriptCorruptError,
  assertSessionId,
  lineageKeyFromStoragePath,
  lineageStoragePath,
  parseLineageIndex,
  repositoryStoragePath,
  serializeLineageIndex
} from "./chunk-XQT6XTCL.js";
import "./chunk-GPEHOJGG.js";
import "./chunk-DPW3YIMI.js";
import "./chunk-FQEOMBEB.js";
import "./chunk-U6TOKP37.js";
import {
  __toESM
} from "./chunk-WAR6A6MM.js";

// src/sessions/s3-transcript-store.ts
var import_client_s3 = __toESM(require_dist_cjs(), 1);
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
var gzipAsync = promisify(gzip);
var gunzipAsync = promisify(gunzip);
function statusOf(error) {
  return error?.$metadata?.httpStatusCode;
}
function isNotFound(error) {
  const e = error;
  return e?.name === "NoSuchKey" || e?.Code === "NoSuchKey" || statusOf(error) === 404;
}
var S3TranscriptStore = class {
  backend = "s3";
  #client;
  #bucket;
  #prefix;
  #encryption;
  constructor(options) {
    this.#client = options.client;
    this.#bucket = options.bucket;
    const prefix = options.prefix ?? "";
    this.#prefix = prefix === "" || prefix.endsWith("/") ? prefix : `${prefix}/`;
    this.#encryption = options.encryption;
  }
  #lineagePrefix(key) {
    return `${this.#prefix}lineages/${lineageStoragePath(key)}/`;
  }
  #transcriptKey(key, sessionId) {
    return `${this.#lineagePrefix(key)}transcripts/${assertSessionId(sessionId)}.jsonl.gz`;
  }
  #encryptionParams() {
    if (!this.#encryption) return {};
    if (this.#encryption.mode === "AES256") return { ServerSideEncryption: "AES256" };
    return {
      ServerSideEncryption: this.#encryption.mode,
      ...this.#encryption.kmsKeyId ? { SSEKMSKeyId: this.#encryption.kmsKeyId } : {}
    };
  }
  describeLocation(key) {
    return `s3://${this.#bucket}/${key ? this.#lineagePrefix(key) : `${this.#prefix}lineages/`}`;
  }
  async putTranscript(key, sessionId, jsonl) {
    await this.#client.send(
      new import_client_s3.PutObjectCommand({
        Bucket: this.#bucket,
        Key: this.#transcriptKey(key, sessionId),
        Body: await gzipAsync(jsonl),
        ContentType: "application/gzip",
        ...this.#encryptionParams()
      })
    );
  }
  async #getBytes(objectKey) {
    try {
      const out = await this.#client.send(new import_client_s3.GetObjectCommand({ Bucket: this.#bucket, Key: objectKey }));
      const bytes = await out.Body?.transformToByteArray();
      return { bytes: bytes ?? new Uint8Array(), etag: out.ETag ?? "" };
    } catch (error) {
      if (isNotFound(error)) return void 0;
      throw error;
    }
  }
  async getTranscript(key, sessionId) {
    const objectKey = this.#transcriptKey(key, sessionId);
    const got = await this.#getBytes(objectKey);
    if (!got) return void 0;
    try {
      return new Uint8Array(await gunzipAsync(got.bytes));
    } catch (error) {
      throw new TranscriptCorruptError(
        `s3://${this.#bucket}/${objectKey}`,
        `not gzip: ${error.message}`
      );
    }
  }
  async deleteTranscripts(key, sessionIds) {
    await Promise.all(
      sessionIds.map(
        (id) => this.#client.send(
          new import_client_s3.DeleteObjectCommand({ Bucket: this.#bucket, Key: this.#transcriptKey(key, id) })
        )
      )
    );
  }
  async readIndex(key) {
    const objectKey = `${this.#lineagePrefix(key)}index.json`;
    const got = await this.#getBytes(objectKey);
    if (!got) return void 0;
    return {
      index: parseLineageIndex(key, got.bytes, `s3://${this.#bucket}/${objectKey}`),
      version: got.etag
    };
  }
  async writeIndex(key, index, expectedVersion) {
    return this.#swap(`${this.#lineagePrefix(key)}index.json`, serializeLineageIndex(index), {
      conflictKey: key.key,
      expectedVersion
    });
  }
  /** A conditional put: `If-Match: <etag>`, or `If-None-Match: *` for an object that must not exist yet. */
  async #swap(objectKey, body, cas) {
    try {
      const out = await this.#client.send(
        new import_client_s3.PutObjectCommand({
          Bucket: this.#bucket,
          Key: objectKey,
          Body: body,
          ContentType: "application/json",
          ...cas.expectedVersion === void 0 ? { IfNoneMatch: "*" } : { IfMatch: cas.expectedVersion },
          ...this.#encryptionParams()
        })
      );
      return out.ETag ?? "";
    } catch (error) {
      const status = statusOf(error);
      if (status === 412 || status === 409)
        throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
      throw error;
    }
  }
  #documentKey(owner, repo, name) {
    return `${this.#prefix}repositories/${repositoryStoragePath(owner, repo)}/${name}.json`;
  }
  async readRepositoryDocument(owner, repo, name) {
    const got = await this.#getBytes(this.#documentKey(owner, repo, name));
    return got ? { bytes: got.bytes, version: got.etag } : void 0;
  }
  async writeRepositoryDocument(owner, repo, name, bytes, expectedVersion) {
    return this.#swap(this.#documentKey(owner, repo, name), bytes, {
      conflictKey: `${owner}/${repo} ${name}`,
      expectedVersion
    });
  }
  async #listKeys(prefix) {
    const keys = [];
    let token;
    do {
      const page = await this.#client.send(
        new import_client_s3.ListObjectsV2Command({ Bucket: this.#bucket, Prefix: prefix, ContinuationToken: token })
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : void 0;
    } while (token);
    return keys;
  }
  async deleteLineage(key) {
    const keys = await this.#listKeys(this.#lineagePrefix(key));
    const index = keys.filter((k) => k.endsWith("/index.json"));
    for (const k of index) await this.#client.send(new import_client_s3.DeleteObjectCommand({ Bucket: this.#bucket, Key: k }));
    await Promise.all(
      keys.filter((k) => !k.endsWith("/index.json")).map((k) => this.#client.send(new import_client_s3.DeleteObjectCommand({ Bucket: this.#bucket, Key: k })))
    );
  }
  async listLineages() {
    const base = `${this.#prefix}lineages/`;
    const found = [];
    for (const objectKey of await this.#listKeys(base)) {
      if (!objectKey.endsWith("/index.json")) continue;
      const key = lineageKeyFromStoragePath(objectKey.slice(base.length, -"/index.json".length));
      if (key) found.push(key);
    }
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }
};
export {
  S3TranscriptStore
};
