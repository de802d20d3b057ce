import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { Octokit } from "@octokit/rest";
import type { ArtifactUploader } from "./artifact-uploader.js";
import { type LineageIndex, parseLineageIndex, serializeLineageIndex } from "./lineage-index.js";
import { type LineageKey, parseLineageKey } from "./lineage-key.js";
import {
  IndexConflictError,
  LineageKeyError,
  TranscriptCorruptError,
  TranscriptUntrustedError,
} from "./session-errors.js";
import { assertSessionId } from "./session-id.js";
import type {
  RepositoryDocumentName,
  TranscriptStore,
  VersionedDocument,
  VersionedLineageIndex,
} from "./transcript-store.js";

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

const INDEX_PREFIX = "claude-lineage-";
const INDEX_SUFFIX = ".json";

export interface ArtifactTranscriptStoreOptions {
  /** An Octokit for the repository's REST API (list, download and delete artifacts). */
  octokit: Octokit;
  owner: string;
  repo: string;
  uploader: ArtifactUploader;
  /** Told about every artifact that was refused as not ours, with the reason (for the job's log). */
  onRefused?: (message: string) => void;
}

interface ArtifactRow {
  id: number;
  name: string;
  expired: boolean;
}

/** The run that uploaded an artifact, as the artifacts list reports it. */
interface UploadingRun {
  id?: number;
  repository_id?: number;
  head_repository_id?: number;
}

/** Artifact names cannot hold "/" and a few other characters; the percent-encoded key can't either. */
export function lineageArtifactName(key: LineageKey): string {
  return `${INDEX_PREFIX}${encodeURIComponent(key.key)}${INDEX_SUFFIX}`;
}

/** The artifact holding a repository document, e.g. `claude-pr-runner-learnings.json`. */
export function repositoryDocumentArtifactName(name: RepositoryDocumentName): string {
  return `claude-pr-runner-${name}.json`;
}

export function transcriptArtifactName(sessionId: string): string {
  return `claude-transcript-${assertSessionId(sessionId)}.jsonl.gz`;
}

/**
 * GitHub Actions artifacts, for the Action without a bucket. Each lineage index version is an
 * artifact named `claude-lineage-<percent-encoded key>.json`; each transcript is
 * `claude-transcript-<session>.jsonl.gz`. Readers find the newest by name through the REST list
 * (`GET /repos/{owner}/{repo}/actions/artifacts?name=`), so `issue_comment` and `schedule` runs see
 * a PR's lineage too (an Actions cache could not: its scope is the triggering ref).
 *
 * Artifacts are immutable and GitHub offers no conditional upload, so the index compare-and-swap is
 * check, upload, re-check: the version is the newest index artifact's id; after uploading, a writer
 * lists again and, when several writers built on the same version, the lowest new id wins and the
 * others delete their upload and retry on the fresh index (IndexConflictError).
 */
export class ArtifactTranscriptStore implements TranscriptStore {
  readonly backend = "github-artifacts" as const;
  readonly #octokit: Octokit;
  readonly #owner: string;
  readonly #repo: string;
  readonly #uploader: ArtifactUploader;
  readonly #onRefused: (message: string) => void;
  /** Workflow run id -> why its artifacts are refused (undefined: a trusted run of ours). */
  readonly #runVerdicts = new Map<number, Promise<string | undefined>>();
  /** Why artifacts were refused in this job, for the run report. */
  readonly refusals: string[] = [];

  constructor(options: ArtifactTranscriptStoreOptions) {
    this.#octokit = options.octokit;
    this.#owner = options.owner;
    this.#repo = options.repo;
    this.#uploader = options.uploader;
    this.#onRefused = options.onRefused ?? (() => {});
  }

  /**
   * Why an artifact is not ours to trust, or undefined when a run of this repository's own workflows
   * on its own code uploaded it. Any workflow run can upload an artifact with our names, including a
   * fork PR's `pull_request` run, whose workflow file and steps come from the fork: the artifact's
   * name proves nothing, the uploading run (checked through the API) does.
   */
  async #refusal(run: UploadingRun | null | undefined): Promise<string | undefined> {
    if (!run?.id) return "no workflow run is recorded for it";
    if (run.repository_id !== undefined && run.head_repository_id !== run.repository_id) {
      return `workflow run ${run.id} ran code from another repository (a fork)`;
    }
    const id = run.id;
    let verdict = this.#runVerdicts.get(id);
    if (!verdict) {
      verdict = this.#checkRun(id);
      this.#runVerdicts.set(id, verdict);
    }
    return verdict;
  }

  async #checkRun(id: number): Promise<string | undefined> {
    const ours = `${this.#owner}/${this.#repo}`.toLowerCase();
    let data: Awaited<ReturnType<Octokit["rest"]["actions"]["getWorkflowRun"]>>["data"];
    try {
      ({ data } = await this.#octokit.rest.actions.getWorkflowRun({
        owner: this.#owner,
        repo: this.#repo,
        run_id: id,
      }));
    } catch (error) {
      if ((error as { status?: number }).status === 404) {
        return `workflow run ${id} is not a run of ${this.#owner}/${this.#repo}`;
      }
      throw error;
    }
    if (data.repository.full_name.toLowerCase() !== ours) {
      return `workflow run ${id} belongs to ${data.repository.full_name}`;
    }
    const head = data.head_repository?.full_name;
    if (head?.toLowerCase() !== ours) {
      return `workflow run ${id} (${data.event}) ran code from ${head ?? "a deleted repository"}, not ${this.#owner}/${this.#repo}`;
    }
    return undefined;
  }

  #checkRepo(key: LineageKey): void {
    if (key.owner !== this.#owner || key.repo !== this.#repo) {
      throw new LineageKeyError(
        key.key,
        `the artifacts store of ${this.#owner}/${this.#repo} only holds that repository's lineages`,
      );
    }
  }

  describeLocation(key?: LineageKey): string {
    const where = `GitHub Actions artifacts of ${this.#owner}/${this.#repo}`;
    return key ? `${where} named ${lineageArtifactName(key)}` : where;
  }

  /** Live artifacts with exactly this name uploaded by our own trusted runs, newest (highest id) first. */
  async #byName(name: string): Promise<ArtifactRow[]> {
    return (await this.#byNameWithRefusals(name)).trusted;
  }

  async #byNameWithRefusals(name: string): Promise<{ trusted: ArtifactRow[]; refused: string[] }> {
    const rows = await this.#octokit.paginate(this.#octokit.rest.actions.listArtifactsForRepo, {
      owner: this.#owner,
      repo: this.#repo,
      name,
      per_page: 100,
    });
    const trusted: ArtifactRow[] = [];
    const refused: string[] = [];
    for (const a of rows) {
      if (a.name !== name || a.expired) continue;
      const reason = await this.#refusal(a.workflow_run);
      if (reason === undefined) {
        trusted.push({ id: a.id, name: a.name, expired: a.expired });
        continue;
      }
      const message = `artifact ${a.id} (${a.name}) refused: ${reason}`;
      refused.push(message);
      if (!this.refusals.includes(message)) {
        this.refusals.push(message);
        this.#onRefused(message);
      }
    }
    return { trusted: trusted.sort((a, b) => b.id - a.id), refused };
  }

  async #download(id: number): Promise<Uint8Array> {
    // The REST download answers 302 to a short-lived blob URL; octokit (fetch) follows it.
    const response = await this.#octokit.rest.actions.downloadArtifact({
      owner: this.#owner,
      repo: this.#repo,
      artifact_id: id,
      archive_format: "zip",
    });
    return new Uint8Array(response.data as ArrayBuffer);
  }

  async #delete(id: number): Promise<void> {
    try {
      await this.#octokit.rest.actions.deleteArtifact({
        owner: this.#owner,
        repo: this.#repo,
        artifact_id: id,
      });
    } catch (error) {
      if ((error as { status?: number }).status !== 404) throw error;
    }
  }

  async #upload(name: string, bytes: Uint8Array): Promise<number> {
    const dir = await mkdtemp(join(tmpdir(), "claude-artifact-"));
    try {
      const path = join(dir, name);
      await writeFile(path, bytes);
      return await this.#uploader.uploadFile(path);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async putTranscript(key: LineageKey, sessionId: string, jsonl: Uint8Array): Promise<void> {
    this.#checkRepo(key);
    await this.#upload(transcriptArtifactName(sessionId), await gzipAsync(jsonl));
  }

  async getTranscript(key: LineageKey, sessionId: string): Promise<Uint8Array | undefined> {
    this.#checkRepo(key);
    const name = transcriptArtifactName(sessionId);
    const { trusted, refused } = await this.#byNameWithRefusals(name);
    const newest = trusted[0];
    if (!newest) {
      if (refused.length > 0) throw new TranscriptUntrustedError(name, refused.join("; "));
      return undefined;
    }
    const bytes = await this.#download(newest.id);
    try {
      return new Uint8Array(await gunzipAsync(bytes));
    } catch (error) {
      throw new TranscriptCorruptError(
        `artifact ${newest.id} (${name})`,
        `not gzip: ${(error as Error).message}`,
      );
    }
  }

  async deleteTranscripts(key: LineageKey, sessionIds: readonly string[]): Promise<void> {
    this.#checkRepo(key);
    for (const id of sessionIds) {
      for (const row of await this.#byName(transcriptArtifactName(id))) await this.#delete(row.id);
    }
  }

  async readIndex(key: LineageKey): Promise<VersionedLineageIndex | undefined> {
    this.#checkRepo(key);
    const newest = (await this.#byName(lineageArtifactName(key)))[0];
    if (!newest) return undefined;
    const bytes = await this.#download(newest.id);
    return {
      index: parseLineageIndex(key, bytes, `artifact ${newest.id} (${newest.name})`),
      version: String(newest.id),
    };
  }

  async writeIndex(
    key: LineageKey,
    index: LineageIndex,
    expectedVersion: string | undefined,
  ): Promise<string> {
    this.#checkRepo(key);
    return this.#swap(lineageArtifactName(key), serializeLineageIndex(index), {
      conflictKey: key.key,
      expectedVersion,
    });
  }

  /** Check, upload, re-check (see the class comment): the version is the newest artifact's id. */
  async #swap(
    name: string,
    bytes: Uint8Array,
    cas: { conflictKey: string; expectedVersion: string | undefined },
  ): Promise<string> {
    const expected = cas.expectedVersion === undefined ? 0 : Number(cas.expectedVersion);
    const before = await this.#byName(name);
    if ((before[0]?.id ?? 0) !== expected) throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
    const mine = await this.#upload(name, bytes);
    // Re-check: every writer that built on `expected` uploaded an id above it; the lowest one wins.
    const after = await this.#byName(name);
    const contenders = after.filter((a) => a.id > expected).map((a) => a.id);
    const winner = Math.min(mine, ...contenders);
    if (winner !== mine) {
      await this.#delete(mine);
      throw new IndexConflictError(cas.conflictKey, cas.expectedVersion);
    }
    // Older versions are superseded; removing them keeps the list short (transcripts stay).
    for (const old of after.filter((a) => a.id < mine)) await this.#delete(old.id);
    return String(mine);
  }

  #checkDocumentRepo(owner: string, repo: string): void {
    if (owner !== this.#owner || repo !== this.#repo)
      throw new LineageKeyError(
        `${owner}/${repo}`,
        `the artifacts store of ${this.#owner}/${this.#repo} only holds that repository's documents`,
      );
  }

  /**
   * A repository document is read only from artifacts our own runs uploaded (`#byName` refuses a
   * fork's run), so a hostile PR's workflow cannot plant one.
   */
  async readRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
  ): Promise<VersionedDocument | undefined> {
    this.#checkDocumentRepo(owner, repo);
    const newest = (await this.#byName(repositoryDocumentArtifactName(name)))[0];
    if (!newest) return undefined;
    return { bytes: await this.#download(newest.id), version: String(newest.id) };
  }

  async writeRepositoryDocument(
    owner: string,
    repo: string,
    name: RepositoryDocumentName,
    bytes: Uint8Array,
    expectedVersion: string | undefined,
  ): Promise<string> {
    this.#checkDocumentRepo(owner, repo);
    return this.#swap(repositoryDocumentArtifactName(name), bytes, {
      conflictKey: `${owner}/${repo} ${name}`,
      expectedVersion,
    });
  }

  async deleteLineage(key: LineageKey): Promise<void> {
    this.#checkRepo(key);
    const read = await this.readIndex(key);
    for (const row of await this.#byName(lineageArtifactName(key))) await this.#delete(row.id);
    if (read)
      await this.deleteTranscripts(
        key,
        read.index.entries.map((e) => e.sessionId),
      );
  }

  async listLineages(): Promise<LineageKey[]> {
    const rows = await this.#octokit.paginate(this.#octokit.rest.actions.listArtifactsForRepo, {
      owner: this.#owner,
      repo: this.#repo,
      per_page: 100,
    });
    const keys = new Map<string, LineageKey>();
    for (const row of rows) {
      if (row.expired || !row.name.startsWith(INDEX_PREFIX) || !row.name.endsWith(INDEX_SUFFIX)) continue;
      try {
        const key = parseLineageKey(
          decodeURIComponent(row.name.slice(INDEX_PREFIX.length, -INDEX_SUFFIX.length)),
        );
        if (key.owner === this.#owner && key.repo === this.#repo) keys.set(key.key, key);
      } catch {
        // Not one of ours (an artifact that merely shares the prefix).
      }
    }
    return [...keys.values()].sort((a, b) => a.key.localeCompare(b.key));
  }
}
