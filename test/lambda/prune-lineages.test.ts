import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pruneClosedLineages } from "../../lambda/worker/prune-lineages.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, type LineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { LineageKeyError } from "../../src/sessions/session-errors.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";
import { GitHubDouble } from "../github-double/index.js";
import { LoopbackS3 } from "../sessions/loopback-s3.js";
import { makeEntry } from "../sessions/transcript-store-contract.js";

const DIFF = "diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-old\n+new\n";
const bucket = "sessions";

let fsRoot: string;
let s3: LoopbackS3;

beforeAll(async () => {
  fsRoot = await mkdtemp(join(tmpdir(), "prune-fs-"));
  s3 = await LoopbackS3.start([bucket]);
});

afterAll(async () => {
  await s3?.close();
  await rm(fsRoot, { recursive: true, force: true });
});

// Each test gets an empty store: a fresh directory, or a fresh key prefix in the one s3rver bucket.
const stores: [string, () => TranscriptStore][] = [
  ["filesystem", () => new FsTranscriptStore({ root: join(fsRoot, randomUUID()) })],
  [
    "s3 (s3rver)",
    () =>
      new S3TranscriptStore({
        client: s3.client(),
        bucket,
        prefix: `prune-${randomUUID()}/`,
      }),
  ],
];

/** A lineage with two sessions, stored the way jobs store them (transcript first, then the index). */
async function seedLineage(store: TranscriptStore, key: LineageKey): Promise<string[]> {
  const ids = [randomUUID(), randomUUID()];
  for (const id of ids) {
    await store.putTranscript(key, id, new TextEncoder().encode(`{"type":"user","session":"${id}"}\n`));
    await appendLineageEntry(store, key, makeEntry({ sessionId: id }));
  }
  return ids;
}

async function transcriptsOf(store: TranscriptStore, key: LineageKey, ids: string[]) {
  return Promise.all(ids.map((id) => store.getTranscript(key, id)));
}

describe.each(stores)("pruneClosedLineages on the %s store", (_name, makeStore) => {
  let store: TranscriptStore;
  let gh: GitHubDouble;
  let github: GitHubClient;
  let lines: string[];

  beforeEach(async () => {
    store = makeStore();
    gh = await GitHubDouble.start();
    gh.addRepo("acme", "app");
    gh.addRepo("acme", "other");
    // One retry, so a 5xx test proves the prune gives up after the client's own retries, not before.
    github = createGitHubClient({
      token: gh.token,
      baseUrl: gh.url,
      retries: 1,
      retryAfterBaseMs: 1,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
    });
    lines = [];
  });

  afterEach(async () => {
    expect(gh.violations).toEqual([]);
    await gh.close();
  });

  const closePr = (owner: string, repo: string, number: number) => {
    gh.addPullRequest({ owner, repo, number, diff: DIFF }).state = "closed";
  };

  it("deletes closed and vanished PRs' lineages of the repo, keeps open PRs, other repos and branches", async () => {
    const closed = prLineageKey("acme", "app", 1);
    const open = prLineageKey("acme", "app", 2);
    const vanished = prLineageKey("acme", "app", 9); // no such PR on GitHub: 404
    const otherRepo = prLineageKey("acme", "other", 1);
    const branch = branchLineageKey("acme", "app", "main");
    closePr("acme", "app", 1);
    gh.addPullRequest({ owner: "acme", repo: "app", number: 2, diff: DIFF });
    closePr("acme", "other", 1);
    const ids = new Map<string, string[]>();
    for (const key of [closed, open, vanished, otherRepo, branch])
      ids.set(key.key, await seedLineage(store, key));

    const result = await pruneClosedLineages(
      { owner: "acme", repo: "app" },
      { store, github, log: (l) => lines.push(l) },
    );

    expect(result).toEqual({
      deleted: ["acme/app/pr/1", "acme/app/pr/9"],
      kept: ["acme/app/pr/2"],
      failed: [],
    });
    // Deleted means gone: no index, no transcripts, not listed.
    for (const key of [closed, vanished]) {
      expect(await store.readIndex(key)).toBeUndefined();
      expect(await transcriptsOf(store, key, ids.get(key.key) ?? [])).toEqual([undefined, undefined]);
    }
    // Everything else is intact, transcripts included.
    for (const key of [open, otherRepo, branch]) {
      expect((await store.readIndex(key))?.index.entries.map((e) => e.sessionId)).toEqual(ids.get(key.key));
      for (const bytes of await transcriptsOf(store, key, ids.get(key.key) ?? []))
        expect(bytes).toBeDefined();
    }
    expect((await store.listLineages()).map((k) => k.key)).toEqual([
      "acme/app/branch/main",
      "acme/app/pr/2",
      "acme/other/pr/1",
    ]);
    // GitHub was asked about this repo's PR lineages only: never about the other repo or a branch.
    expect(gh.callsTo("pulls/get").map((c) => c.path)).toEqual([
      "/repos/acme/app/pulls/1",
      "/repos/acme/app/pulls/2",
      "/repos/acme/app/pulls/9",
    ]);
    expect(lines).toEqual([
      "prune acme/app/pr/1: deleted, the PR is closed",
      "prune acme/app/pr/2: kept, the PR is open",
      "prune acme/app/pr/9: deleted, GitHub answered 404 (the PR or the repository is gone)",
    ]);
  });

  it("deletes the lineages of a repository that no longer exists (404)", async () => {
    const key = prLineageKey("acme", "deleted-repo", 4);
    const ids = await seedLineage(store, key);

    const result = await pruneClosedLineages({ owner: "acme", repo: "deleted-repo" }, { store, github });

    expect(result).toEqual({ deleted: ["acme/deleted-repo/pr/4"], kept: [], failed: [] });
    expect(await transcriptsOf(store, key, ids)).toEqual([undefined, undefined]);
  });

  it("a GitHub 5xx for one PR: that lineage is reported failed and kept, the next one is still pruned", async () => {
    const unlucky = prLineageKey("acme", "app", 3);
    const next = prLineageKey("acme", "app", 4);
    closePr("acme", "app", 3);
    closePr("acme", "app", 4);
    const unluckyIds = await seedLineage(store, unlucky);
    await seedLineage(store, next);
    // Both attempts (first try + the client's one retry) for PR 3 fail; lineages are visited in key order.
    gh.failNext("pulls/get", { kind: "server_error", status: 503 }, 2);

    const result = await pruneClosedLineages(
      { owner: "acme", repo: "app" },
      { store, github, log: (l) => lines.push(l) },
    );

    expect(result.deleted).toEqual(["acme/app/pr/4"]);
    expect(result.kept).toEqual([]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]?.key).toBe("acme/app/pr/3");
    expect(result.failed[0]?.reason).toMatch(/^GitHub could not say whether the PR is closed: HTTP 503/);
    expect(gh.callsTo("pulls/get").map((c) => [c.path, c.status])).toEqual([
      ["/repos/acme/app/pulls/3", 503],
      ["/repos/acme/app/pulls/3", 503],
      ["/repos/acme/app/pulls/4", 200],
    ]);
    // Not deleted on a guess: the closed PR's history survives until a later prune gets an answer.
    expect(await transcriptsOf(store, unlucky, unluckyIds)).not.toContain(undefined);
    expect(lines[0]).toMatch(/^prune acme\/app\/pr\/3: kept for now, GitHub could not say/);

    const again = await pruneClosedLineages({ owner: "acme", repo: "app" }, { store, github });
    expect(again).toEqual({ deleted: ["acme/app/pr/3"], kept: [], failed: [] });
  });

  it("a 403 (no access) is not read as gone: the lineage is reported failed and kept", async () => {
    const key = prLineageKey("acme", "app", 8);
    closePr("acme", "app", 8);
    const ids = await seedLineage(store, key);
    gh.failNext("pulls/get", {
      kind: "status",
      status: 403,
      message: "Resource not accessible by integration",
    });

    const result = await pruneClosedLineages({ owner: "acme", repo: "app" }, { store, github });

    expect(result.deleted).toEqual([]);
    expect(result.failed.map((f) => f.key)).toEqual(["acme/app/pr/8"]);
    expect(result.failed[0]?.reason).toContain("HTTP 403: Resource not accessible by integration");
    expect(await transcriptsOf(store, key, ids)).not.toContain(undefined);
  });

  it("single-PR mode touches only that PR, keeps it when it was reopened, and is a no-op without a lineage", async () => {
    const pr1 = prLineageKey("acme", "app", 1);
    const pr2 = prLineageKey("acme", "app", 2);
    closePr("acme", "app", 1);
    closePr("acme", "app", 2);
    await seedLineage(store, pr1);
    const pr2Ids = await seedLineage(store, pr2);

    expect(
      await pruneClosedLineages({ owner: "acme", repo: "app", pullNumber: 1 }, { store, github }),
    ).toEqual({
      deleted: ["acme/app/pr/1"],
      kept: [],
      failed: [],
    });
    expect(await store.readIndex(pr1)).toBeUndefined();
    expect(await transcriptsOf(store, pr2, pr2Ids)).not.toContain(undefined);

    // The closed delivery was queued, then the PR was reopened before the worker ran.
    gh.pull("acme", "app", 2).state = "open";
    expect(
      await pruneClosedLineages({ owner: "acme", repo: "app", pullNumber: 2 }, { store, github }),
    ).toEqual({
      deleted: [],
      kept: ["acme/app/pr/2"],
      failed: [],
    });
    expect(await transcriptsOf(store, pr2, pr2Ids)).not.toContain(undefined);

    // Nothing stored for PR 7: nothing to do, and no reason to ask GitHub.
    gh.resetCalls();
    expect(
      await pruneClosedLineages({ owner: "acme", repo: "app", pullNumber: 7 }, { store, github }),
    ).toEqual({
      deleted: [],
      kept: [],
      failed: [],
    });
    expect(gh.callsTo("pulls/get")).toEqual([]);
  });

  it("rejects an owner or a PR number no lineage key could have, before touching anything", async () => {
    await expect(
      pruneClosedLineages({ owner: "acme", repo: "app", pullNumber: 0 }, { store, github }),
    ).rejects.toBeInstanceOf(LineageKeyError);
    await expect(pruneClosedLineages({ owner: "../etc", repo: "app" }, { store, github })).rejects.toThrow(
      /is not a GitHub login/,
    );
    expect(gh.calls).toEqual([]);
  });
});

it("a corrupt index of a closed PR is pruned with the rest of its lineage (filesystem)", async () => {
  const root = join(fsRoot, randomUUID());
  const store = new FsTranscriptStore({ root });
  const key = prLineageKey("acme", "app", 5);
  const [id] = await seedLineage(store, key);
  await writeFile(join(store.describeLocation(key), "index.json"), "{ not json");
  const gh = await GitHubDouble.start();
  try {
    gh.addRepo("acme", "app");
    gh.addPullRequest({ owner: "acme", repo: "app", number: 5, diff: DIFF }).state = "closed";
    const github = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0 });

    const result = await pruneClosedLineages(
      { owner: "acme", repo: "app", pullNumber: 5 },
      { store, github },
    );

    expect(result).toEqual({ deleted: ["acme/app/pr/5"], kept: [], failed: [] });
    expect(await store.getTranscript(key, id ?? "")).toBeUndefined();
    expect(await store.listLineages()).toEqual([]);
  } finally {
    await gh.close();
  }
});

it("matches the repository case-insensitively, as GitHub does (filesystem)", async () => {
  const store = new FsTranscriptStore({ root: join(fsRoot, randomUUID()) });
  const key = prLineageKey("Acme", "App", 6);
  await seedLineage(store, key);
  const gh = await GitHubDouble.start();
  try {
    gh.addRepo("Acme", "App");
    gh.addPullRequest({ owner: "Acme", repo: "App", number: 6, diff: DIFF }).state = "closed";
    const github = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0 });

    const result = await pruneClosedLineages({ owner: "acme", repo: "app" }, { store, github });

    expect(result).toEqual({ deleted: ["Acme/App/pr/6"], kept: [], failed: [] });
    expect(gh.violations).toEqual([]);
  } finally {
    await gh.close();
  }
});

it("a store that fails to delete one lineage: reported failed, the other closed PRs are still pruned", async () => {
  // A real filesystem store whose delete fails for one lineage (a disk or permission error in real life).
  class FlakyDeleteStore extends FsTranscriptStore {
    override async deleteLineage(key: LineageKey): Promise<void> {
      if (key.key === "acme/app/pr/1") throw new Error("EACCES: permission denied");
      return super.deleteLineage(key);
    }
  }
  const store = new FlakyDeleteStore({ root: join(fsRoot, randomUUID()) });
  await seedLineage(store, prLineageKey("acme", "app", 1));
  await seedLineage(store, prLineageKey("acme", "app", 2));
  const gh = await GitHubDouble.start();
  try {
    gh.addRepo("acme", "app");
    for (const number of [1, 2])
      gh.addPullRequest({ owner: "acme", repo: "app", number, diff: DIFF }).state = "closed";
    const github = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0 });

    const result = await pruneClosedLineages({ owner: "acme", repo: "app" }, { store, github });

    expect(result).toEqual({
      deleted: ["acme/app/pr/2"],
      kept: [],
      failed: [
        {
          key: "acme/app/pr/1",
          reason: "deleting from the filesystem store failed: EACCES: permission denied",
        },
      ],
    });
    expect((await store.listLineages()).map((k) => k.key)).toEqual(["acme/app/pr/1"]);
  } finally {
    await gh.close();
  }
});
