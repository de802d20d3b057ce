// The trigger model (issue #14): what an event means for the Action and for Lambda, who may trigger
// model work, loops, edits, closed PRs and the reply texts. Its table-driven unit tests run in well
// under a second; the e2e tests through dist/index.js prove the wiring and would cost seconds per mutant.
// Measured: 98.2 % (452 mutants; 7 survivors, mostly reason strings of ignored events). About 4 CPU
// minutes, so ~2-3 minutes on two idle cores.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "triggers",
  mutate: [
    "src/jobs/triggers/decide-trigger.ts",
    "src/jobs/triggers/parse-comment-command.ts",
    "src/jobs/triggers/trigger-settings.ts",
    "src/jobs/triggers/trigger-replies.ts",
  ],
  tests: [
    "test/jobs/triggers/decide-trigger.test.ts",
    "test/jobs/triggers/parse-comment-command.test.ts",
    "test/jobs/triggers/trigger-settings.test.ts",
    "test/jobs/triggers/trigger-replies.test.ts",
  ],
  breakAt: 90,
});
