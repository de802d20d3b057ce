// An agent, run in the Lambda worker's own process. Without AGENT_FUNCTION_NAME (a custom deployment
// that does not split the orchestrator from the agent) the worker runs the CLI itself: same uid, no
// PID namespace, no bubblewrap (Lambda has no user namespaces). That process's environment holds the
// worker role's AWS credentials, which read the App's private key: every repository of every
// installation. A fork's agent kept Bash there, so the tool policy was the only layer between a
// hostile PR and those credentials; a same-repository PR's test commands (code a writer of one
// repository wrote, or an agent a PR's text steered) could simply read them. The Action gives no
// untrusted agent Bash where it cannot give it a user of its own, and lets a trusted one share the
// runner's user only because those secrets are that repository's. Here no agent may have Bash:
// ON_NO_ISOLATION no-bash (default) runs the job without it, fail drops the job. In split mode the
// agent function (its role writes its own logs, nothing else) is the boundary, as before.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ScriptedReply, toolResultsOf } from "../harness/scripted-messages-api.js";
import { CapturedStdout } from "../lambda/support/captured-stdout.js";
import { INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "../lambda/support/lambda-pipeline.js";

vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const SOURCE = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";

let queue: ScriptedReply[] = [];
let pipeline: LambdaPipeline;
const stdout = new CapturedStdout();

beforeAll(async () => {
  pipeline = await LambdaPipeline.start(() => queue.shift() ?? { kind: "text", text: "done" });
  pipeline.seedRepository({ "src/math.ts": SOURCE });
});

afterAll(async () => {
  stdout.stop();
  await pipeline?.close();
});

async function quietly<T>(fn: () => Promise<T>): Promise<T> {
  stdout.clear();
  stdout.start();
  try {
    return await fn();
  } finally {
    stdout.stop();
  }
}

/** A PR whose head is on `refs/pull/N/head`; from a fork unless `sameRepository`. */
function openPullRequest(number: number, options: { sameRepository?: boolean } = {}): string {
  const dev = pipeline.dev;
  dev.git("checkout", "-q", "-B", `pr-${number}`, pipeline.baseSha);
  dev.write("src/math.ts", `${SOURCE}export const two = add(1, 1);\n`);
  const head = dev.commitAll(`change ${number}`);
  dev.git("push", "-q", "origin", `HEAD:refs/pull/${number}/head`);
  dev.git("checkout", "-q", "feature");
  pipeline.github.addPullRequest({
    owner: OWNER,
    repo: REPO,
    number,
    title: "Use add()",
    body: "",
    diff: `${dev.git("diff", `${pipeline.baseSha}...${head}`)}\n`,
    headSha: head,
    baseSha: pipeline.baseSha,
    headRef: `pr-${number}`,
    baseRef: "main",
    headRepoFullName: options.sameRepository ? `${OWNER}/${REPO}` : "mallory/app",
    author: { login: "mallory", type: "User" },
  });
  return head;
}

async function reviewOpened(number: number, head: string) {
  const payload = {
    action: "opened",
    number,
    installation: { id: INSTALLATION_ID },
    repository: { name: REPO, full_name: `${OWNER}/${REPO}`, owner: { login: OWNER } },
    sender: { login: "mallory" },
    pull_request: {
      number,
      draft: false,
      head: { sha: head, ref: `pr-${number}` },
      base: { sha: pipeline.baseSha, ref: "main" },
    },
  };
  const delivered = await quietly(() => pipeline.deliver("pull_request", payload));
  expect(delivered.json).toMatchObject({ status: "queued", kind: "review" });
  return quietly(() => pipeline.runWorker());
}

const REVIEW: ScriptedReply = {
  kind: "structured_output",
  value: { verdict: "comment", summary: "Looks fine.", findings: [] },
};
const BASH_CAT: ScriptedReply = {
  kind: "tool_use",
  name: "Bash",
  input: { command: "cat src/math.ts", description: "read" },
};

/** The names of the tools the CLI offered the model in a request. */
function offeredTools(body: unknown): string[] {
  const tools = (body as { tools?: { name?: string }[] }).tools ?? [];
  return tools.map((tool) => String(tool.name));
}

describe("the worker runs the agent in its own process (no agent function)", () => {
  it("the fork's agent is offered no Bash, and the log says why", async () => {
    const before = pipeline.api.mainRequests.length;
    queue = [BASH_CAT, REVIEW];
    const { invocation } = await reviewOpened(31, openPullRequest(31));
    expect(invocation?.response.batchItemFailures).toEqual([]);

    const requests = pipeline.api.mainRequests.slice(before);
    expect(offeredTools(requests[0]!.body)).not.toContain("Bash");
    // The model asked anyway: no command ran.
    expect(JSON.stringify(toolResultsOf(requests[1]!).at(-1)?.content)).toContain(
      "No such tool available: Bash",
    );
    expect(stdout.text).toContain("this job runs without the Bash tool (ON_NO_ISOLATION: no-bash)");
    expect(stdout.text).toMatch(/sessions run in the worker's own process: .*the App's credentials/);
    // The review itself is published as usual.
    expect(stdout.records.find((r) => r.message === "job completed")).toMatchObject({ jobKind: "review" });
  });

  it("ON_NO_ISOLATION=fail: the fork's job is dropped before any model request or publication, with the reason", async () => {
    pipeline.config.onNoIsolation = "fail";
    try {
      const before = pipeline.api.mainRequests.length;
      queue = [REVIEW];
      const { invocation } = await reviewOpened(32, openPullRequest(32));
      expect(invocation?.response.batchItemFailures).toEqual([]);
      expect(pipeline.api.mainRequests.length).toBe(before);
      const dropped = stdout.records.find((r) => r.message === "job dropped");
      expect(String(dropped?.reason)).toMatch(/ON_NO_ISOLATION is "fail": this job was not run/);
      expect(
        pipeline.github.callsTo("pulls/create-review").filter((c) => c.path.includes("/pulls/32/")),
      ).toEqual([]);
    } finally {
      pipeline.config.onNoIsolation = "no-bash";
    }
  });

  it("a same-repository PR's agent gets no Bash there either: the worker's credentials reach every installation", async () => {
    const before = pipeline.api.mainRequests.length;
    queue = [BASH_CAT, REVIEW];
    const { invocation } = await reviewOpened(33, openPullRequest(33, { sameRepository: true }));
    expect(invocation?.response.batchItemFailures).toEqual([]);
    const requests = pipeline.api.mainRequests.slice(before);
    expect(offeredTools(requests[0]!.body)).not.toContain("Bash");
    expect(offeredTools(requests[0]!.body)).toContain("Read");
    expect(JSON.stringify(toolResultsOf(requests[1]!).at(-1)?.content)).toContain(
      "No such tool available: Bash",
    );
    expect(stdout.records.find((r) => r.message === "job completed")).toMatchObject({ jobKind: "review" });
  });
});
