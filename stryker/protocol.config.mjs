// The protocol core (issue #21): the NDJSON decoder, the control channel state machine, the turn
// outcome rule and the control payload checks. (The flag rules are pinned one by one against the
// binary's own messages in test/conformance/flag-rules.test.ts.) Only the pure unit and property
// tests run, never the real-CLI conformance sessions.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "protocol",
  mutate: [
    "src/protocol/ndjson-decoder.ts",
    "src/protocol/control-channel.ts",
    "src/protocol/outcome-from-turn.ts",
    "src/protocol/control-payloads.ts",
  ],
  tests: [
    "test/protocol/control-channel.test.ts",
    "test/protocol/control-channel.edges.test.ts",
    "test/protocol/control-channel.property.test.ts",
    "test/protocol/ndjson-decoder.test.ts",
    "test/protocol/outcome-from-turn.test.ts",
  ],
  // The 25 MB line test checks memory, not logic; the same code paths run on small lines.
  skipTests: "decodes a 24 MB line",
  testEnv: { PROPERTY_RUNS: "10" },
  // A control-channel mutant that leaves a request pending fails its test after 2 s instead of
  // waiting for Stryker's own timeout and a runner restart (47 timeouts cost ~2 min); a spinning
  // decoder mutant blocks the event loop and is still cut off by Stryker.
  testTimeoutMs: 2_000,
  // Was 85 at 84.9 % for control-channel.ts (59 survivors); with its edge tests and the equivalent
  // mutants marked, the survivors' lines measured 114 killed, 1 timeout, 11 left (then removed).
  breakAt: 90,
});
