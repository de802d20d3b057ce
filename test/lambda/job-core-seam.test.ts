import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJobMessage } from "../../lambda/shared/job-message.js";
import {
  JOB_CORE_ENTRY,
  JobCoreUnavailableError,
  loadJobCoreExecutor,
} from "../../lambda/worker/job-core-seam.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "job-core-seam-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const job = createJobMessage({
  kind: "audit",
  owner: "o",
  repo: "r",
  installationId: 1,
  trigger: { source: "schedule" },
});

describe("job core seam", () => {
  // When src/jobs/execute-job.ts lands this case fails on purpose: switch the seam to a static import.
  it("fails every job with a typed error naming the missing entry until src/jobs provides executeJob", async () => {
    const executor = await loadJobCoreExecutor();
    const run = executor(job, {} as never);
    await expect(run).rejects.toBeInstanceOf(JobCoreUnavailableError);
    await expect(run).rejects.toThrow(JOB_CORE_ENTRY);
  });

  it("uses the module's executeJob once it exists", async () => {
    const file = path.join(dir, "execute-job.mjs");
    await writeFile(
      file,
      "export async function executeJob(job) { return { status: 'completed', conclusion: job.kind }; }\n",
    );
    const executor = await loadJobCoreExecutor(pathToFileURL(file).href);
    await expect(executor(job, {} as never)).resolves.toEqual({ status: "completed", conclusion: "audit" });
  });
});
