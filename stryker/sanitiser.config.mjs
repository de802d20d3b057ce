// The output sanitiser (issue #21, security scope; docs/security.md, "What we publish"): every rule it
// applies must be pinned by a test that fails without it. The GitHub-double tests
// (neutralised-publishing) prove the wiring per publisher and would cost seconds per mutant.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "sanitiser",
  mutate: ["src/github/neutralise-output.ts"],
  tests: ["test/github/neutralise-output.test.ts", "test/runner/secret-redactor.test.ts"],
  breakAt: 90,
});
