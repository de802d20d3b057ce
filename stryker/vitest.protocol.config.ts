import { defineConfig } from "vitest/config";

// The protocol core's tests for mutation testing: the pure unit and property tests of src/protocol.
// The real-CLI conformance files exercise the same code against the binary but cost seconds per
// session, far too much to repeat for every mutant.
export default defineConfig({
  test: {
    include: [
      "test/protocol/control-channel.test.ts",
      "test/protocol/control-channel.property.test.ts",
      "test/protocol/ndjson-decoder.test.ts",
      "test/protocol/outcome-from-turn.test.ts",
    ],
    // The 25 MB line test checks memory, not logic; the same code paths run on small lines.
    testNamePattern: /^(?!.*decodes a 24 MB line)/,
    env: { PROPERTY_RUNS: "10" },
    pool: "forks",
    maxWorkers: 1,
    // A mutant that makes a loop spin (the decoder's line scan) ends here instead of holding a core.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
