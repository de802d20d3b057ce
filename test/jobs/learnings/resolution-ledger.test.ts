import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLearnings } from "../../../src/jobs/learnings/learnings-ledger.js";
import {
  MAX_TALLIED_PULL_REQUESTS,
  readRepositoryResolution,
  recordPullRequestResolution,
  repositoryResolutionLine,
} from "../../../src/jobs/learnings/resolution-ledger.js";
import { tallyResolution } from "../../../src/jobs/learnings/tally-resolution.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";

let root: string;
let place: { store: FsTranscriptStore; owner: string; repo: string };
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "resolution-ledger-"));
  place = { store: new FsTranscriptStore({ root }), owner: "octo", repo: "app" };
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

let clock = 0;
const tick = () => new Date(Date.UTC(2026, 11, 1, 0, 0, clock++));

describe("the repository's resolution tally", () => {
  it("sums each PR's latest count; a PR counted again replaces its earlier count", async () => {
    expect(await readRepositoryResolution(place)).toBeUndefined();
    await recordPullRequestResolution(place, 1, { earlier: 4, resolved: 1 }, tick);
    await recordPullRequestResolution(place, 2, { earlier: 2, resolved: 2 }, tick);
    const again = await recordPullRequestResolution(
      place,
      1,
      { earlier: 4, resolved: 3, closed: true },
      tick,
    );
    expect(again).toEqual({ pullRequests: 2, earlier: 6, resolved: 5, rate: 0.833 });
    expect(await readRepositoryResolution(place)).toEqual(again);
    expect(repositoryResolutionLine(again!)).toBe(
      "Across 2 PR(s), 5 of 6 earlier review findings were resolved (83%)",
    );
  });

  it("a PR with no earlier findings does not count; more resolved than earlier is capped", async () => {
    await recordPullRequestResolution(place, 1, { earlier: 0, resolved: 0 }, tick);
    expect(await readRepositoryResolution(place)).toBeUndefined();
    expect(await recordPullRequestResolution(place, 2, { earlier: 2, resolved: 5 }, tick)).toEqual({
      pullRequests: 1,
      earlier: 2,
      resolved: 2,
      rate: 1,
    });
  });

  it(`keeps the ${MAX_TALLIED_PULL_REQUESTS} most recently counted PRs`, async () => {
    for (let n = 1; n <= MAX_TALLIED_PULL_REQUESTS + 2; n++)
      await recordPullRequestResolution(place, n, { earlier: 1, resolved: n <= 2 ? 0 : 1 }, tick);
    // PRs 1 and 2 (the two unresolved) were the oldest: they dropped out.
    expect(await readRepositoryResolution(place)).toMatchObject({
      pullRequests: MAX_TALLIED_PULL_REQUESTS,
      rate: 1,
    });
  });

  it("a corrupt tally is a clear error; tallyResolution logs it and lets the job go on", async () => {
    await place.store.writeRepositoryDocument(
      "octo",
      "app",
      "resolution",
      new TextEncoder().encode('{"version":2}'),
      undefined,
    );
    await expect(readRepositoryResolution(place)).rejects.toThrow(
      /^the stored resolution tally at .* \(octo\/app resolution\) cannot be read: .*version/,
    );
    const log: string[] = [];
    expect(
      await tallyResolution({
        ...place,
        pullNumber: 3,
        resolution: { earlier: 1, resolved: 1 },
        untrusted: false,
        log: (line) => log.push(line),
      }),
    ).toBeUndefined();
    expect(log.join("\n")).toMatch(/^Resolution rate not recorded: the stored resolution tally at/);
    // The same codec reads the learnings: a document that is not JSON says so.
    await place.store.writeRepositoryDocument(
      "octo",
      "app",
      "learnings",
      new TextEncoder().encode("{"),
      undefined,
    );
    await expect(readLearnings(place)).rejects.toThrow(
      /^the stored review learnings at .* \(octo\/app learnings\) cannot be read: not JSON/,
    );
  });

  it("an untrusted run reads the tally and writes nothing", async () => {
    await recordPullRequestResolution(place, 1, { earlier: 2, resolved: 1 }, tick);
    const read = await tallyResolution({
      ...place,
      pullNumber: 9,
      resolution: { earlier: 10, resolved: 10 },
      untrusted: true,
    });
    expect(read).toEqual({ pullRequests: 1, earlier: 2, resolved: 1, rate: 0.5 });
    expect(await readRepositoryResolution(place)).toEqual(read);
  });
});
