import { createHash, randomUUID } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { type LineageIndex, parseLineageIndex, serializeLineageIndex } from "./lineage-index.js";
import {
  type LineageKey,
  lineageKeyFromStoragePath,
  lineageStoragePath,
  repositoryStoragePath,
} from "./lineage-key.js";
import { IndexConflictError } from "./session-errors.js";
import { assertSessionId } from "./session-id.js";
import type {
  RepositoryDocumentName,
  TranscriptStore,
  VersionedDocument,
  VersionedLineageIndex,
} from "./transcript-store.js";

export interface FsTranscriptStoreOptions {
  /** Root directory; layout: `<root>/lineages/{owner}/{repo}/{pr|branch}/{id}/index.json` + `transcripts/<session>.jsonl`. */
  root: string;
  /** A lock file older than this is treated as left behind by a crashed writer and broken. */
  staleLockMs?: number;
  /** How long to wait for the index lock before reporting a conflict. */
  lockTimeoutMs?: number;
}

function isErrno(error: unknown, code: string): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === code;
}

function versionOf(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (isErrno(error, "ENOENT")) return undefined;
    throw error;
  }
}

/** Write to a sibling temp file, then rename: readers see the old or the new file, never half of one. */
async function writeAtomic(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes, { flag: "wx" });
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The default store: plain files, for the CLI and local runs. */
export class FsTranscriptStore implements TranscriptStore {
  readonly backend = "filesystem" as const;
  readonly #root: string;
  readonly #staleLockMs: number;
  readonly #lockTimeoutMs: number;

  constructor(options: FsTranscriptStoreOptions) {
    this.#root = options.root;
    this.#staleLockMs = options.staleLockMs ?? 30_000;
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 10_000;
  }

  #dir(key: LineageKey): string {
    return join(this.#root, "lineages", ...lineageStoragePath(key).split("/"));
  }

  #transcriptPath(key: LineageKey, sessionId: string): string {
    return join(this.#dir(key), "transcripts", `${assertSessionId(sessionId)}.jsonl`);
  }

  describeLocation(key?: LineageKey): string {
    return key ? this.#dir(key) : join(this.#root, "lineages");
  }

  async putTranscript(key: LineageKey, sessionId: string, jsonl: Uint8Array): Promise<void> {
    await writeAtomic(this.#transcriptPath(key, sessionId), jsonl);
  }

  async getTranscript(key: LineageKey, sessionId: string): Promise<Uint8Array | undefined> {
    return readIfExists(this.#transcriptPath(key, sessionId));
  }

  async deleteTranscripts(key: LineageKey, sessionIds: readonly string[]): Promise<void> {
    await Promise.all(sessionIds.map((id) => rm(this.#transcriptPath(key, id), { force: true })));
  }

  async readIndex(key: LineageKey): Promise<VersionedLineageIndex | undefined> {
    const path = join(this.#dir(key), "index.json");
    const bytes = await readIfExists(path);
    if (!bytes) return undefined;
    return { index: parseLineageIndex(key, bytes, path), version: versionOf(bytes) };
  }

  async writeIndex(
    key: LineageKey,
    index: LineageIndex,
    expectedVersion: string | undefined,
  ): Promise<string> {
    return this.#swap(join(this.#dir(key), "index.json"), serializeLineageIndex(index), {
      conflictKey: key.key,
      expectedVersion,
    });
  }

  /** Compare-and-swap under the file's lock: the version is the sha256 of the bytes on disk. */
  async #swap(
    path: string,
    bytes: Uint8Array,
    cas: { conflictKey: string; expectedVersion: string | undefined },
  ): Promise<string> {
    // `index.json` locks with `index.lock`, the name writers have always used.
    const release = await this.#lock(path.replace(/\.json$/, ".lock"), cas);
    try {
      const current = await readIfExists(path);
      const currentVersion = current ? versionOf(current) : undefined;
      if (currentVersion !== cas.expectedVersion)
        throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
      await writeAtomic(path, bytes);
      return versionOf(bytes);
    } finally {
      await release();
    }
  }

  #documentPath(owner: string, repo: string, name: RepositoryDocumentName): string {
    return join(this.#root, "repositories", ...repositoryStoragePath(owner, repo).split("/"), `${name}.json`);
  }

  async readRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
  ): Promise<VersionedDocument | undefined> {
    const bytes = await readIfExists(this.#documentPath(owner, repo, name));
    return bytes ? { bytes, version: versionOf(bytes) } : undefined;
  }

  async writeRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
    bytes: Uint8Array,
    expectedVersion: string | undefined,
  ): Promise<string> {
    return this.#swap(this.#documentPath(owner, repo, name), bytes, {
      conflictKey: `${owner}/${repo} ${name}`,
      expectedVersion,
    });
  }

  async deleteLineage(key: LineageKey): Promise<void> {
    await rm(this.#dir(key), { recursive: true, force: true });
  }

  async listLineages(): Promise<LineageKey[]> {
    const base = join(this.#root, "lineages");
    const found: LineageKey[] = [];
    const children = async (dir: string): Promise<string[]> => {
      try {
        return (await readdir(dir, { withFileTypes: true }))
          .filter((d) => d.isDirectory())
          .map((d) => d.name);
      } catch (error) {
        if (isErrno(error, "ENOENT")) return [];
        throw error;
      }
    };
    for (const owner of await children(base)) {
      for (const repo of await children(join(base, owner))) {
        for (const kind of await children(join(base, owner, repo))) {
          for (const id of await children(join(base, owner, repo, kind))) {
            const key = lineageKeyFromStoragePath(`${owner}/${repo}/${kind}/${id}`);
            if (key && (await readIfExists(join(base, owner, repo, kind, id, "index.json")))) found.push(key);
          }
        }
      }
    }
    return found.sort((a, b) => a.key.localeCompare(b.key));
  }

  /** An exclusive-create lock file per swapped file; a lock older than staleLockMs is broken (crashed writer). */
  async #lock(
    lockPath: string,
    cas: { conflictKey: string; expectedVersion: string | undefined },
  ): Promise<() => Promise<void>> {
    await mkdir(dirname(lockPath), { recursive: true });
    const deadline = Date.now() + this.#lockTimeoutMs;
    for (;;) {
      try {
        const handle = await open(lockPath, "wx");
        await handle.writeFile(`${process.pid}\n`);
        await handle.close();
        return () => rm(lockPath, { force: true });
      } catch (error) {
        if (!isErrno(error, "EEXIST")) throw error;
      }
      const age = await stat(lockPath).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (age > this.#staleLockMs) {
        await rm(lockPath, { force: true });
        continue;
      }
      if (Date.now() > deadline) throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.floor(Math.random() * 10)));
    }
  }
}
