// The workflow's pass-through knobs (issue #15): allowed_tools within the job's ceiling, the MCP
// server config check, the autofix env check, and the one reading of them all that the Action, the
// CLI and the Lambda worker share. Pure functions with fast unit tests; the real-CLI
// proofs (run-session.mcp, run-autofix) cost seconds per run and stay out of the mutant loop.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "passthrough",
  mutate: [
    "src/runner/policy/tool-grants.ts",
    "src/runner/mcp-server-config.ts",
    "src/jobs/shared/autofix-env.ts",
    "src/jobs/shared/pass-through-settings.ts",
  ],
  tests: [
    "test/runner/policy/tool-grants.test.ts",
    "test/runner/mcp-server-config.test.ts",
    "test/jobs/autofix/autofix-env.test.ts",
    "test/jobs/shared/pass-through-settings.test.ts",
  ],
  breakAt: 85,
});
