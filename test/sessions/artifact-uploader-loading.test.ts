import { describe, expect, it, vi } from "vitest";

// @actions/artifact is not loaded when the Action starts, and is loaded by the time the artifacts
// store is opened: its first upload comes after the agent has run, when the host must read none of
// its own code from disk (test/action/host-code-before-agent.test.ts has the whole Action).
const loaded = vi.hoisted(() => ({ artifact: 0 }));
vi.mock("@actions/artifact", () => {
  loaded.artifact += 1;
  return {
    DefaultArtifactClient: class {
      async uploadArtifact() {
        return { id: 5, size: 1 };
      }
    },
  };
});

describe("the artifacts client's loading", () => {
  it("is not loaded by the store's modules, and is loaded (once) when the store is opened, before any upload", async () => {
    const { openSessionStore } = await import("../../src/action/session-store.js");
    expect(loaded.artifact).toBe(0);
    const github = { octokit: {} as never, owner: "o", repo: "r" };
    const store = await openSessionStore({ kind: "artifact" }, github, {});
    expect(store).toBeDefined();
    expect(loaded.artifact).toBe(1);
    const { actionsArtifactUploader } = await import("../../src/sessions/artifact-uploader.js");
    expect(await (await actionsArtifactUploader()).uploadFile("/tmp/x/claude-lineage-a.json")).toBe(5);
    expect(loaded.artifact).toBe(1);
  });

  it("opens an s3:// store (its modules loaded then) and none for none", async () => {
    const { openSessionStore } = await import("../../src/action/session-store.js");
    const github = { octokit: {} as never, owner: "o", repo: "r" };
    const none = await openSessionStore({ kind: "none" }, github, {});
    expect(none).toBeUndefined();
    const s3 = await openSessionStore({ kind: "s3", bucket: "b", prefix: "p/" }, github, {
      region: "eu-west-1",
    });
    expect(s3?.describeLocation()).toContain("s3://b/p");
  });
});
