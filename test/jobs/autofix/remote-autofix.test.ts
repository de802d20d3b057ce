import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  READ_BACK_COMMAND,
  WORKSPACE_PATCH_FIELD,
} from "../../../src/engines/managed-agents/agent-definition.js";
import { ManagedAgentsEngine } from "../../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../../src/engines/managed-agents/managed-agents-job-engine.js";
import { createGitHubClient, type GitHubClient } from "../../../src/github/github-client.js";
import type { AutofixRequest } from "../../../src/jobs/autofix/autofix-request.js";
import { runAutofix } from "../../../src/jobs/autofix/run-autofix.js";
import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import { createRemoteWithClone, type TempRepo } from "../../fixtures/git-repo.js";
import { GitHubDouble } from "../../github-double/index.js";
import {
  DOUBLE_API_KEY,
  ManagedAgentsDouble,
  type Scenario,
} from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
} from "../../managed-agents-double/scripted-events.js";

// autofix-pr on the managed-agents engine: the agent edits the mount in Anthropic's container (the
// double), reads its edits back with the one allowed git command and hands them in with its result;
// the job applies the patch to its checkout and commits it through the CLI engine's path (protected
// paths reverted, commitToBranch through the Git database API of the GitHub double).

const FIXED_APP =
  "export function add(a: number, b: number) {\n  return a + b;\n}\nexport const two = add(1, 1);\n";
const REPORT = {
  summary: "add() subtracted; it adds now.",
  files_changed: [{ path: "src/app.ts", reason: "add() must return a + b" }],
  commands_run: [{ command: "npm test", result: "not_run", detail: "no test script" }],
  commit_message: "fix: add numbers instead of subtracting\n\nadd(1, 1) returned 0.",
};

let github: GitHubDouble;
let octokit: GitHubClient;
let double: ManagedAgentsDouble;
let settings: JobSettings;
const repos: TempRepo[] = [];

beforeAll(async () => {
  github = await GitHubDouble.start();
  octokit = createGitHubClient({
    token: github.token,
    baseUrl: github.url,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
    retryAfterBaseMs: 1,
  });
});
afterAll(async () => {
  await github?.close();
  for (const r of repos) r.remove();
});
beforeEach(async () => {
  double = await ManagedAgentsDouble.start();
  settings = {
    maxTurns: 8,
    maxBudgetUsd: 1,
    timeoutMs: 60_000,
    agentEnv: {},
    hostEnv: process.env,
    secretValues: [],
    engine: new ManagedAgentsJobEngine(
      new ManagedAgentsEngine({
        apiKey: DOUBLE_API_KEY,
        baseURL: double.baseURL,
        repositoryToken: async (workspace) => `ghs_contents_read_for_${workspace.name}`,
        retry: { initialDelayMs: 5, maxDelayMs: 20 },
      }),
    ),
  };
});
afterEach(async () => {
  await double.close();
});

function pullRequest(repoName: string, options: { fork?: boolean } = {}) {
  const { remote, clone, headSha } = createRemoteWithClone("feature");
  repos.push(remote, clone);
  const baseSha = remote.git("rev-parse", "refs/heads/main");
  github.addRepo("octo", repoName, { gitDir: remote.dir });
  github.addPullRequest({
    owner: "octo",
    repo: repoName,
    number: 7,
    diff: clone.git("diff", `${baseSha}...${headSha}`),
    headSha,
    baseSha,
    headRef: "feature",
    baseRef: "main",
    headRepoFullName: options.fork ? `someone/${repoName}` : `octo/${repoName}`,
    labels: ["autofix"],
  });
  const request: AutofixRequest = {
    repository: { owner: "octo", name: repoName },
    checkoutDir: clone.dir,
    pullRequest: {
      number: 7,
      title: "Add two",
      body: "",
      author: "dev",
      headRef: "feature",
      headSha,
      baseSha,
    },
    isFork: options.fork ?? false,
    testCommands: ["npm test"],
  };
  return { remote, clone, headSha, request };
}

/** What the remote agent's read-back prints after its edits: computed on a scratch copy of the head. */
function remoteEdits(clone: TempRepo, files: Record<string, string>): string {
  for (const [path, content] of Object.entries(files)) clone.write(path, content);
  const patch = `${clone.git("diff", "--binary", "HEAD")}\n`;
  clone.git("checkout", "-q", "--", ".");
  return patch;
}

/** The agent edits, runs the read-back (confirmed by the host), submits report + patch, ends its turn. */
function fixer(patch: string): Scenario {
  return (input) => {
    if (input.kind === "message")
      return [
        running(),
        ...modelRequest(),
        {
          type: "agent.tool_use",
          name: "edit",
          input: { file_path: "src/app.ts" },
          evaluated_permission: "allow",
        },
        {
          type: "agent.tool_use",
          name: "bash",
          input: { command: READ_BACK_COMMAND },
          evaluated_permission: "ask",
        },
        requiresAction(),
      ];
    if (input.kind === "tool_confirmation" && input.result === "allow")
      return [
        running(),
        ...modelRequest(),
        submit({ ...REPORT, [WORKSPACE_PATCH_FIELD]: patch }),
        requiresAction(),
      ];
    if (input.kind === "custom_tool_result") return [running(), message("Done."), idle("end_turn")];
    return undefined;
  };
}

describe("runAutofix on the managed-agents engine (Managed Agents double, GitHub double, local git remote)", () => {
  it("commits the remote agent's patch through the CLI path: one bot commit, the workflow edit reverted, a read-only mount", async () => {
    const { remote, clone, headSha, request } = pullRequest("remote-fix");
    const patch = remoteEdits(clone, {
      "src/app.ts": FIXED_APP,
      ".github/workflows/ci.yml": "on: pull_request_target\n",
    });
    double.scenario = fixer(patch);

    const result = await runAutofix(request, settings, { github: octokit });

    expect(result.status).toBe("pushed");
    const remoteHead = remote.git("rev-parse", "refs/heads/feature");
    expect(remoteHead).toBe(result.commitSha);
    expect(remote.git("rev-parse", `${remoteHead}^`)).toBe(headSha);
    expect(remote.git("show", `${remoteHead}:src/app.ts`)).toBe(FIXED_APP.trimEnd());
    // The protected path in the patch was reverted exactly as a CLI edit would be.
    expect(result.revertedProtected).toEqual([".github/workflows/ci.yml"]);
    expect(remote.git("diff", "--name-only", headSha, remoteHead)).toBe("src/app.ts");
    expect(remote.git("log", "-1", "--format=%B", remoteHead)).toContain(
      "fix: add numbers instead of subtracting",
    );

    // The session: the head mounted with the read token, the editing tools on, the read-back allowed.
    const session = double.session();
    expect(session.createParams.resources).toEqual([
      expect.objectContaining({
        authorization_token: "ghs_contents_read_for_remote-fix",
        checkout: { type: "commit", sha: headSha },
      }),
    ]);
    const agent = [...double.agents.values()].at(-1)!;
    const toolset = (agent.tools as Array<{ configs?: Array<{ name: string; enabled: boolean }> }>)[0]!;
    expect(toolset.configs!.filter((c) => c.enabled).map((c) => c.name)).toContain("edit");
    expect(result.session.outcome.policyDecisions.map((d) => [d.subject, d.behavior, d.ruleId])).toEqual([
      [READ_BACK_COMMAND, "allow", "remote-read-back"],
    ]);
    // The job sees its own schema's result; the patch travelled beside it.
    expect(result.session.outcome.structuredOutput).not.toHaveProperty(WORKSPACE_PATCH_FIELD);
    expect(result.report?.commitMessage).toBe(REPORT.commit_message);
    expect(github.violations).toEqual([]);
  });

  it("never takes the remote agent's edits of .gitattributes or .lfsconfig: reported as reverted, not committed", async () => {
    // Hostile: attributes naming the programs the host's git runs on the checkout after the patch.
    const { remote, headSha, clone, request } = pullRequest("remote-attributes");
    const newFile = (path: string, line: string) =>
      `diff --git a/${path} b/${path}\nnew file mode 100644\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1 @@\n+${line}\n`;
    const patch =
      remoteEdits(clone, { "src/app.ts": FIXED_APP }) +
      newFile(".gitattributes", "* filter=lfs diff=anything") +
      newFile(".lfsconfig", "[lfs] url = https://lfs.example.invalid");
    double.scenario = fixer(patch);

    const result = await runAutofix(request, settings, { github: octokit });

    expect(result.status).toBe("pushed");
    expect(result.revertedProtected.sort()).toEqual([".gitattributes", ".lfsconfig"]);
    const remoteHead = remote.git("rev-parse", "refs/heads/feature");
    expect(remote.git("diff", "--name-only", headSha, remoteHead)).toBe("src/app.ts");
  });

  it("a patch that does not apply pushes nothing and says why", async () => {
    const { remote, headSha, request } = pullRequest("remote-bad-patch");
    double.scenario = fixer(
      "diff --git a/src/app.ts b/src/app.ts\n--- a/src/app.ts\n+++ b/src/app.ts\n@@ -1,1 +1,1 @@\n-not in the file\n+x\n",
    );
    const result = await runAutofix(request, settings, { github: octokit });
    expect(result.status).not.toBe("pushed");
    expect(result.detail).toContain("does not apply");
    expect(remote.git("rev-parse", "refs/heads/feature")).toBe(headSha);
  });

  it("refuses a fork's PR before any session: trusted pull requests only", async () => {
    const { request } = pullRequest("remote-fork", { fork: true });
    double.scenario = fixer("");
    await expect(runAutofix(request, settings, { github: octokit })).rejects.toThrow(
      /same-repository pull requests only/,
    );
    expect(double.sessions.size).toBe(0);
  });
});
