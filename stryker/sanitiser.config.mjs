// The output sanitiser (issue #21, security scope; docs/security.md, "What we publish"): every rule it
// applies must be pinned by a test that fails without it. The GitHub-double tests
// (neutralised-publishing) prove the wiring per publisher and would cost seconds per mutant.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "sanitiser",
  mutate: [
    "src/github/neutralise-output.ts",
    // Issue #29: secrets after normalising, and markers read only from the publisher's own lines.
    "src/secrets/secret-forms.ts",
    "src/findings/fingerprint-marker.ts",
    "src/github/comment-markers.ts",
    // What goes in: a prompt's file mentions and the agent files above the workspace, which the CLI
    // would read itself (docs/security.md).
    "src/runner/defuse-file-mentions.ts",
    "src/runner/ancestor-agent-files.ts",
    // ...and what it would start itself through PATH.
    "src/runner/isolation/agent-search-path.ts",
    "src/runner/isolation/path-inside.ts",
    // ...and what it hands to Anthropic's container: a mount token that can write, refused.
    "src/engines/managed-agents/mount-token-check.ts",
  ],
  tests: [
    "test/github/neutralise-output.test.ts",
    "test/runner/secret-redactor.test.ts",
    "test/secrets/secret-forms.test.ts",
    "test/github/marker-positions.test.ts",
    "test/runner/defuse-file-mentions.test.ts",
    "test/runner/ancestor-agent-files.test.ts",
    "test/runner/agent-search-path.test.ts",
    "test/runner/path-inside.test.ts",
    "test/engines/managed-agents/mount-token-check.test.ts",
  ],
  breakAt: 90,
});
