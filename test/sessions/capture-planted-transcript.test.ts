import { execFileSync } from "node:child_process";
import { link, mkdir, mkdtemp, readFile, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { captureSession } from "../../src/sessions/capture-session.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { transcriptPath } from "../../src/sessions/project-slug.js";
import { MAX_CAPTURED_TRANSCRIPT_BYTES } from "../../src/sessions/read-captured-transcript.js";
import { UnsafeTranscriptError } from "../../src/sessions/session-errors.js";

// The session's config directory is the agent's while it runs (its own uid owns it under isolation;
// without isolation it shares the host's). After the session the host reads the transcript from it,
// stores it and resumes from it later. An agent that has run code can leave anything at that path:
// a link to a host file (the host would read it as itself, store it and hand it to the next session),
// a FIFO (the read would wait forever), a directory on the way that links elsewhere, or a file too
// big to hold. The host reads only a regular file, really inside the config directory, of bounded
// size; anything else is refused by name and nothing is stored.

const pr = prLineageKey("o", "r", 7);
const SESSION = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const HOST_SECRET = "host-only-secret-value";

describe("capturing a transcript the agent could have planted", () => {
  let dir: string;
  let store: FsTranscriptStore;
  let configDir: string;
  let cwd: string;
  let hostFile: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "planted-"));
    store = new FsTranscriptStore({ root: join(dir, "store") });
    configDir = join(dir, "config");
    cwd = join(dir, "work");
    await mkdir(cwd);
    hostFile = join(dir, "host-secrets.txt");
    await writeFile(hostFile, `{"type":"user","message":{"content":"${HOST_SECRET}"}}\n`);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function expectedPath(): Promise<string> {
    const file = await transcriptPath(configDir, cwd, SESSION);
    await mkdir(join(file, ".."), { recursive: true });
    return file;
  }

  function capture() {
    return captureSession({
      store,
      lineageKey: pr,
      configDir,
      cwd,
      sessionId: SESSION,
      parentSessionId: null,
      jobKind: "review",
      headSha: "c".repeat(40),
      costUsd: 0.1,
      numTurns: 1,
    });
  }

  async function expectNothingStored(): Promise<void> {
    expect(await store.getTranscript(pr, SESSION)).toBeUndefined();
    expect(await store.readIndex(pr)).toBeUndefined();
  }

  it("a regular transcript is captured as before", async () => {
    await writeFile(await expectedPath(), '{"type":"user","message":{"content":"hello"}}\n');
    const result = await capture();
    expect(result.entry.transcriptBytes).toBe(46);
    expect(new TextDecoder().decode(await store.getTranscript(pr, SESSION))).toContain("hello");
  });

  it("a symbolic link to a host file is refused, not followed", async () => {
    await symlink(hostFile, await expectedPath());
    const error = await capture().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnsafeTranscriptError);
    expect((error as Error).message).toMatch(/is a symbolic link/);
    expect((error as Error).message).not.toContain(HOST_SECRET);
    await expectNothingStored();
  });

  it("a directory on the way that links outside the config directory is refused", async () => {
    const file = await expectedPath();
    const project = join(file, "..");
    const outside = join(dir, "outside");
    await mkdir(outside);
    await writeFile(
      join(outside, `${SESSION}.jsonl`),
      await import("node:fs/promises").then((fs) => fs.readFile(hostFile)),
    );
    await rm(project, { recursive: true });
    await symlink(outside, project);
    await expect(capture()).rejects.toThrow(/outside the session's config directory/);
    await expectNothingStored();
  });

  it("a hard link to a host file (a second name for it) is refused", async () => {
    await link(hostFile, await expectedPath());
    await expect(capture()).rejects.toThrow(/has 2 names/);
    await expectNothingStored();
  });

  it("a FIFO is refused at once instead of waiting for a writer", async () => {
    execFileSync("mkfifo", [await expectedPath()]);
    await expect(capture()).rejects.toThrow(/not a regular file/);
    await expectNothingStored();
  });

  it("a file above the size bound is refused without being read", async () => {
    const file = await expectedPath();
    await writeFile(file, "");
    // Sparse: the size is there at once and no disk is used.
    await truncate(file, MAX_CAPTURED_TRANSCRIPT_BYTES + 1);
    await expect(capture()).rejects.toThrow(/over the 64 MB/);
    await expectNothingStored();
  });

  it("a link found while searching the other project directories is refused too", async () => {
    const other = join(configDir, "projects", "-some-other-dir");
    await mkdir(other, { recursive: true });
    await symlink(hostFile, join(other, `${SESSION}.jsonl`));
    await expect(capture()).rejects.toBeInstanceOf(UnsafeTranscriptError);
    await expectNothingStored();
  });
});
