// Configuration read once at the edge (issue #19): the settings reader every door's schema goes
// through, the list splitting and the value types the three doors share. Killed by the reader's own
// tests and the doors' fast refusal tables (no Lambda cold start: a bundle import per mutant).
// Measured: 91.4 % (186 mutants; 12 survivors, mostly equivalent: optional chaining on a name the
// schema always has, an error branch Ajv never reaches with an object). About 6.5 minutes under load.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "settings",
  mutate: [
    "src/jobs/settings/settings-reader.ts",
    "src/jobs/settings/read-settings.ts",
    "src/jobs/settings/setting-schema.ts",
    "src/jobs/settings/setting-values.ts",
  ],
  tests: [
    "test/jobs/settings/settings-reader.test.ts",
    "test/jobs/triggers/trigger-settings.test.ts",
    "test/lambda/lambda-settings.test.ts",
    "test/action/action-inputs.test.ts",
    "test/cli/usage-errors.test.ts",
    "test/json-schema/generated-validators.test.ts",
  ],
  // Stryker's sandbox marks JavaScript files (`// @ts-nocheck`), so the generated files are not byte-equal there.
  skipTests: "cold start|are current",
  breakAt: 85,
});
