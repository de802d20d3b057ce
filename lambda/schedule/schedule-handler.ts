import { MetricUnit } from "@aws-lambda-powertools/metrics";
import type { Context, ScheduledEvent } from "aws-lambda";
import type { InstallationAllowList } from "../shared/installation-allow-list.js";
import { createJobMessage, type JobKind } from "../shared/job-message.js";
import type { JobQueue } from "../shared/job-queue.js";
import { type Telemetry, traced } from "../shared/telemetry.js";
import type { InstallationRepositories, InstallationRepository } from "./installation-repositories.js";

export interface ScheduleHandlerDeps {
  telemetry: Telemetry;
  queue: JobQueue;
  repositories: Pick<InstallationRepositories, "all" | "find">;
  /** Repositories of other installations are skipped with a reason. */
  allowedInstallations: InstallationAllowList;
  /** `owner/repo` names to audit; empty = every repository of every installation. */
  auditRepositories: readonly string[];
  /** Which repo-wide jobs the schedule enqueues. */
  jobs: ReadonlySet<Extract<JobKind, "audit" | "prune">>;
}

export interface ScheduleResult {
  queued: { kind: JobKind; repository: string; jobId: string }[];
  /** Configured repositories the App cannot act on, with the reason. */
  skipped: { repository: string; reason: string }[];
}

export type ScheduleHandler = (event: ScheduledEvent, context: Context) => Promise<ScheduleResult>;

/**
 * The schedule door: one audit and one lineage prune (sessions of PRs closed since) per repository.
 * Deduplication ids carry the EventBridge event id, so a retried invocation of the same tick enqueues
 * nothing twice.
 */
export function createScheduleHandler(deps: ScheduleHandlerDeps): ScheduleHandler {
  const { logger, metrics, tracer } = deps.telemetry;

  return async (event, context) => {
    logger.addContext(context);
    logger.appendKeys({ scheduleEventId: event.id });
    try {
      return await traced(tracer, "## schedule", async () => {
        const { targets, skipped } = await resolveTargets();
        const queued: ScheduleResult["queued"] = [];
        for (const target of targets) {
          for (const kind of ["audit", "prune"] as const) {
            if (!deps.jobs.has(kind)) continue;
            const job = createJobMessage({
              kind,
              owner: target.owner,
              repo: target.repo,
              installationId: target.installationId,
              trigger: { source: "schedule", scheduleEventId: event.id },
            });
            const repository = `${target.owner}/${target.repo}`;
            await deps.queue.enqueue(job, `${kind}:${repository}:${event.id}`);
            queued.push({ kind, repository, jobId: job.jobId });
            metrics.addMetric(`scheduled_${kind}`, MetricUnit.Count, 1);
          }
        }
        for (const s of skipped) logger.warn("repository skipped", s);
        logger.info("schedule done", { queued: queued.length, skipped: skipped.length });
        return { queued, skipped };
      });
    } finally {
      metrics.publishStoredMetrics();
      logger.resetKeys();
    }
  };

  async function resolveTargets(): Promise<{
    targets: InstallationRepository[];
    skipped: ScheduleResult["skipped"];
  }> {
    const targets: InstallationRepository[] = [];
    const skipped: ScheduleResult["skipped"] = [];
    const admit = (found: InstallationRepository) => {
      if (deps.allowedInstallations.allows(found.installationId)) targets.push(found);
      else
        skipped.push({
          repository: `${found.owner}/${found.repo}`,
          reason: `installation ${found.installationId} is not in ALLOWED_INSTALLATIONS`,
        });
    };
    if (deps.auditRepositories.length === 0) {
      for (const found of await deps.repositories.all()) admit(found);
      return { targets, skipped };
    }
    for (const name of deps.auditRepositories) {
      const [owner, repo, extra] = name.split("/");
      if (!owner || !repo || extra !== undefined) {
        skipped.push({ repository: name, reason: "not an owner/repo name" });
        continue;
      }
      const found = await deps.repositories.find(owner, repo);
      if (found) admit(found);
      else skipped.push({ repository: name, reason: "the App is not installed on this repository" });
    }
    return { targets, skipped };
  }
}
