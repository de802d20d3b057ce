// PR setup (issue #19): the PR's facts, the one trust decision (fork, deleted head repository,
// pull_request_target) and the lineage plan every door and job takes. Security-critical: a surviving
// mutant in the trust decision is a fork that could be trusted. The plan's tests use the GitHub
// double on 127.0.0.1 (one server for the file) and run in about a second.
// Measured: 100 % (149 mutants, none survived), 4.6 minutes on two cores under a load average of 16.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "prsetup",
  mutate: [
    "src/jobs/shared/pull-request-trust.ts",
    "src/jobs/shared/read-pull-request.ts",
    "src/jobs/shared/prepare-pull-request-job.ts",
    "src/jobs/shared/pull-request-lineage.ts",
    "src/jobs/shared/pull-request-ref.ts",
  ],
  tests: [
    "test/jobs/shared/prepare-pull-request-job.test.ts",
    "test/jobs/shared/pull-request-ref.test.ts",
    "test/jobs/pull-request-lineage.test.ts",
  ],
  breakAt: 95,
});
