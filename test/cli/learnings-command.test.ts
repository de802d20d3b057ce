import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run-cli.js";
import { addSuppressions, readLearnings } from "../../src/jobs/learnings/learnings-ledger.js";
import { suppressionId } from "../../src/jobs/learnings/suppression-record.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { suppressionRecord } from "../jobs/learnings/suppression-fixture.js";

let root: string;
beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), "learnings-cli-"));
  const record = (source: string, title: string) =>
    suppressionRecord(source, { path: "src/a.ts", title, by: "maint" });
  await addSuppressions(
    { store: new FsTranscriptStore({ root }), owner: "octo", repo: "app" },
    { records: [record("reaction:1", "Missing JSDoc"), record("reaction:2", "Long line")] },
  );
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => (out += chunk));
  stderr.on("data", (chunk) => (err += chunk));
  const code = await runCli(args, { stdout, stderr, env: { USER: "alice" }, cwd: process.cwd() });
  return { code, stdout: out, stderr: err };
}

describe("claude-pr-runner learnings", () => {
  const where = () => ["--store", root, "--repository", "octo/app"];
  const first = suppressionId("reaction:1");

  it("lists, shows and forgets a learning; a forgotten one is listed only with --all", async () => {
    const list = await run(["learnings", "list", ...where()]);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      `${first}  thumbs-down @maint  src/a.ts  “Missing JSDoc”\n${suppressionId("reaction:2")}  thumbs-down @maint  src/a.ts  “Long line”\n`,
    );
    const show = await run(["learnings", "show", first, ...where()]);
    expect(show.stdout).toContain("rule:        Do not report “Missing JSDoc” again");
    expect(show.stdout).toContain(
      "signal:      👎 by @maint on PR #3 at 2026-12-01T00:00:00.000Z (reaction:1)",
    );
    expect(show.stdout).toContain("status:      active");

    const forget = await run(["learnings", "forget", first, ...where()]);
    expect(forget).toMatchObject({
      code: 0,
      stdout: `Forgot ${first}: Do not report “Missing JSDoc” again\n`,
    });
    const stored = await readLearnings({
      store: new FsTranscriptStore({ root }),
      owner: "octo",
      repo: "app",
    });
    expect(stored.records.find((r) => r.id === first)?.forgotten?.by).toBe("alice");

    expect((await run(["learnings", "list", ...where()])).stdout).not.toContain("Missing JSDoc");
    expect((await run(["learnings", "list", "--all", ...where()])).stdout).toContain(
      "“Missing JSDoc” (forgotten by @alice)",
    );
    const json = JSON.parse((await run(["learnings", "list", "--json", ...where()])).stdout);
    expect(json.map((r: { title: string }) => r.title)).toEqual(["Long line"]);
  });

  it("says clearly what is wrong: no repository, an unknown id, forgetting twice, an unknown action", async () => {
    expect((await run(["learnings", "list", "--store", root])).stderr).toBe(
      "claude-pr-runner learnings: --repository owner/repo is required (the repository whose learnings to read)\n",
    );
    expect((await run(["learnings", "show", "deadbeef", ...where()])).stderr).toBe(
      'claude-pr-runner learnings: no learning has the id "deadbeef" in octo/app\n',
    );
    await run(["learnings", "forget", first, ...where()]);
    const again = await run(["learnings", "forget", first, ...where()]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain(`no active learning has the id "${first}"`);
    expect((await run(["learnings", "drop", ...where()])).stderr).toContain(
      'unknown learnings action "drop"; expected list, show or forget',
    );
    expect((await run(["learnings"])).code).toBe(2);
  });
});
