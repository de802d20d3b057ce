import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

// google-github-actions/auth writes its credentials file into the workspace (gha-creds-<id>.json,
// GOOGLE_APPLICATION_CREDENTIALS points at it): with a service account key, the private key itself.
// The agent's copy carries the checkout's untracked and ignored files (test commands need their
// dependencies), so a later step's agent read it, and a PR could ask it to. Real CLI, host's user.
const KEY_CANARY = "MIIEv-PRIVATE-KEY-CANARY-7d3e";
const CREDENTIALS = JSON.stringify({
  type: "service_account",
  project_id: "octo",
  private_key_id: "0f1e",
  private_key: `-----BEGIN PRIVATE KEY-----\n${KEY_CANARY}\n-----END PRIVATE KEY-----\n`,
  client_email: "ci@octo.iam.gserviceaccount.com",
});

let s: ScriptedSession | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

describe("a cloud credentials file an earlier step left in the workspace", () => {
  it("is left out of the agent's copy: neither Read nor cat reaches it; the door's file stays; the notes say so", async () => {
    s = await scriptedSession([
      { kind: "tool_use", name: "Read", input: { file_path: "gha-creds-3f9a2c1b.json" }, id: "toolu_read" },
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "cat gha-creds-3f9a2c1b.json notes.json", description: "read" },
        id: "toolu_cat",
      },
      { kind: "text", text: "done" },
    ]);
    const door = s.workspace;
    await writeFile(path.join(door, "gha-creds-3f9a2c1b.json"), CREDENTIALS, { mode: 0o600 });
    // An ordinary JSON file is copied as always.
    await writeFile(path.join(door, "notes.json"), '{"type":"notes","text":"ORDINARY-FILE"}');
    const outcome = await runSession({
      ...s.options(),
      policy: new ToolPolicy({
        name: "credential-files-test",
        rules: [
          { id: "allow-read", effect: "allow", tools: ["Read"] },
          { id: "allow-cat", effect: "allow", tools: ["Bash"], commandPrefixes: ["cat"] },
        ],
      }),
    }).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const sent = JSON.stringify(s.api.mainRequests);
    expect(sent).not.toContain(KEY_CANARY);
    expect(sent).toContain("ORDINARY-FILE");
    expect(outcome.notes.join("\n")).toContain(
      "left out of the agent's copy of the checkout: gha-creds-3f9a2c1b.json (credentials an earlier step wrote there)",
    );
    expect(await readFile(path.join(door, "gha-creds-3f9a2c1b.json"), "utf8")).toBe(CREDENTIALS);
  });

  it("a credentials file the environment names inside the workspace (a kubeconfig an earlier step exported as KUBECONFIG) is left out of the copy too", async () => {
    s = await scriptedSession([
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "cat gha-kubeconfig-5e1c9a notes.json", description: "read" },
        id: "toolu_cat",
      },
      { kind: "text", text: "done" },
    ]);
    const door = s.workspace;
    const kubeconfig = path.join(door, "gha-kubeconfig-5e1c9a");
    await writeFile(kubeconfig, "users:\n- user:\n    token: KUBE-TOKEN-CANARY-41f2\n", { mode: 0o600 });
    await writeFile(path.join(door, "notes.json"), '{"text":"ORDINARY-FILE"}');
    const options = s.options();
    const outcome = await runSession({
      ...options,
      sourceEnv: { ...options.sourceEnv, KUBECONFIG: kubeconfig },
      policy: new ToolPolicy({
        name: "credential-files-test",
        rules: [{ id: "allow-cat", effect: "allow", tools: ["Bash"], commandPrefixes: ["cat"] }],
      }),
    }).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const sent = JSON.stringify(s.api.mainRequests);
    expect(sent).not.toContain("KUBE-TOKEN-CANARY-41f2");
    expect(sent).toContain("ORDINARY-FILE");
    expect(outcome.notes.join("\n")).toContain(
      "left out of the agent's copy of the checkout: gha-kubeconfig-5e1c9a",
    );
    expect(await readFile(kubeconfig, "utf8")).toContain("KUBE-TOKEN-CANARY-41f2");
  });
});
