// Writes schema/claude-pr-runner.schema.json from the one schema the runner validates with.
// Run after changing src/jobs/shared/repository-config-schema.ts: node --import tsx scripts/write-config-schema.ts
import { writeFileSync } from "node:fs";
import { REPOSITORY_CONFIG_SCHEMA } from "../src/jobs/shared/repository-config-schema.js";

writeFileSync(
  new URL("../schema/claude-pr-runner.schema.json", import.meta.url),
  `${JSON.stringify(REPOSITORY_CONFIG_SCHEMA, null, 2)}\n`,
);
