import type { ScheduledEvent } from "aws-lambda";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InstallationRepositories } from "../../lambda/schedule/installation-repositories.js";
import { createScheduleHandler } from "../../lambda/schedule/schedule-handler.js";
import { githubAppAuth } from "../../lambda/shared/github-app-auth.js";
import { parseInstallationAllowList } from "../../lambda/shared/installation-allow-list.js";
import { parseJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { createTelemetry } from "../../lambda/shared/telemetry.js";
import { GitHubDouble } from "../github-double/index.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";
import { lambdaContext } from "./support/webhook-events.js";

// The schedule door with the GitHub double as the App's view of its installations (App JWT for
// /app/installations, installation tokens for /installation/repositories) and fauxqs as the queue.
let sqs: LoopbackSqs;
let gh: GitHubDouble;
let queues: FifoQueuePair;
let n = 0;
const stdout = new CapturedStdout();
const privateKey = appPrivateKeyPem();

beforeAll(async () => {
  [sqs, gh] = await Promise.all([LoopbackSqs.start(), GitHubDouble.start()]);
  gh.addRepo("Codertocat", "Hello-World");
  gh.addRepo("Codertocat", "Spoon-Knife");
  gh.addRepo("octo-org", "api");
  gh.addInstallation(1, "Codertocat", ["Codertocat/Hello-World", "Codertocat/Spoon-Knife"]);
  gh.addInstallation(2, "octo-org", ["octo-org/api"]);
  gh.addInstallation(3, "suspended-org", ["octo-org/api"], { suspended: true });
});

afterAll(async () => {
  stdout.stop();
  await Promise.all([sqs?.close(), gh?.close()]);
});

beforeEach(async () => {
  queues = await sqs.createFifoQueueWithDlq(`schedule-${++n}`, {
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 30,
  });
});

function scheduledEvent(id = crypto.randomUUID()): ScheduledEvent {
  return {
    version: "0",
    id,
    "detail-type": "Scheduled Event",
    source: "aws.events",
    account: "123456789012",
    time: new Date().toISOString(),
    region: "eu-west-1",
    resources: ["arn:aws:events:eu-west-1:123456789012:rule/ClaudePrRunner-AuditSchedule"],
    detail: {},
  };
}

function scheduleHandler(auditRepositories: string[] = [], allowed = "*") {
  const tokens = githubAppAuth({ appId: "12345", baseUrl: gh.url, privateKey: async () => privateKey });
  return createScheduleHandler({
    telemetry: createTelemetry("schedule", process.env),
    queue: new JobQueue(sqs.client, queues.queueUrl),
    repositories: new InstallationRepositories(tokens, gh.url),
    auditRepositories,
    allowedInstallations: parseInstallationAllowList(allowed),
    jobs: new Set(["audit", "prune"] as const),
  });
}

async function run(handler: ReturnType<typeof scheduleHandler>, event: ScheduledEvent) {
  stdout.clear();
  stdout.start();
  try {
    return await handler(event, lambdaContext("schedule", 300_000));
  } finally {
    stdout.stop();
  }
}

describe("schedule handler", () => {
  it("queues an audit and a lineage prune for every repository of every active installation", async () => {
    const result = await run(scheduleHandler(), scheduledEvent());

    const jobs = sqs
      .messagesIn(queues.queueUrl)
      .map((m) => ({ groupId: m.groupId, job: parseJobMessage(m.body) }));
    const summary = jobs
      .map((j) => `${j.job.kind} ${j.job.owner}/${j.job.repo} ${j.job.installationId} ${j.groupId}`)
      .sort();
    expect(summary).toEqual([
      "audit Codertocat/Hello-World 1 Codertocat/Hello-World#audit",
      "audit Codertocat/Spoon-Knife 1 Codertocat/Spoon-Knife#audit",
      "audit octo-org/api 2 octo-org/api#audit",
      "prune Codertocat/Hello-World 1 Codertocat/Hello-World#prune",
      "prune Codertocat/Spoon-Knife 1 Codertocat/Spoon-Knife#prune",
      "prune octo-org/api 2 octo-org/api#prune",
    ]);
    for (const { job } of jobs) {
      expect(job.pullNumber).toBeUndefined();
      expect(job.trigger.source).toBe("schedule");
    }
    expect(result.queued).toHaveLength(6);
    // The installation-scoped listing was made with installation tokens the double issued.
    expect(gh.callsTo("apps/list-repos-accessible-to-installation").every((c) => c.status === 200)).toBe(
      true,
    );
  });

  it("enqueues nothing twice when EventBridge retries the same tick", async () => {
    const event = scheduledEvent();
    await run(scheduleHandler(), event);
    await run(scheduleHandler(), event);
    expect(sqs.messagesIn(queues.queueUrl)).toHaveLength(6);
  });

  it("audits only the configured repositories and reports the ones it cannot act on", async () => {
    const result = await run(
      scheduleHandler(["octo-org/api", "nobody/nothing", "not-a-name"]),
      scheduledEvent(),
    );
    const jobs = sqs.messagesIn(queues.queueUrl).map((m) => parseJobMessage(m.body));
    expect(jobs.map((j) => `${j.kind} ${j.owner}/${j.repo} ${j.installationId}`).sort()).toEqual([
      "audit octo-org/api 2",
      "prune octo-org/api 2",
    ]);
    expect(result.skipped).toEqual([
      { repository: "nobody/nothing", reason: "the App is not installed on this repository" },
      { repository: "not-a-name", reason: "not an owner/repo name" },
    ]);
    expect(stdout.records.filter((r) => r.message === "repository skipped")).toHaveLength(2);
  });

  it("schedules nothing for installations outside ALLOWED_INSTALLATIONS, and says so", async () => {
    const result = await run(scheduleHandler([], "2"), scheduledEvent());
    const jobs = sqs.messagesIn(queues.queueUrl).map((m) => parseJobMessage(m.body));
    expect(new Set(jobs.map((j) => j.installationId))).toEqual(new Set([2]));
    expect(result.skipped.map((s) => s.repository).sort()).toEqual([
      "Codertocat/Hello-World",
      "Codertocat/Spoon-Knife",
    ]);
    expect(result.skipped[0]!.reason).toBe("installation 1 is not in ALLOWED_INSTALLATIONS");
    // The shipped default (empty) denies everything.
    const none = await run(scheduleHandler(["octo-org/api"], ""), scheduledEvent());
    expect(none.queued).toEqual([]);
  });
});
