// The one conclusion rule (review event, check conclusion, headline, exit code from the findings and
// fail_on) and the path filter that decides which changed files a review sees (issue #14). Both are
// pure; so are the repository's review rules (severity bounds, ignored categories, post threshold)
// and the schema problems a bad config is refused with; their table-driven unit tests run in well under a second. The e2e tests in
// test/action/review-pr-head-action.test.ts cover the same decisions through dist/index.js.
import { mutationScope } from "./mutation-scope.mjs";

export default mutationScope({
  name: "conclusion",
  mutate: [
    "src/findings/review-conclusion.ts",
    "src/jobs/review/path-filter.ts",
    "src/jobs/review/review-rules.ts",
    "src/jobs/review/review-coverage.ts",
    "src/json-schema/schema-problems.ts",
  ],
  tests: [
    "test/findings/review-conclusion.test.ts",
    "test/jobs/review/path-filter.test.ts",
    "test/jobs/review/review-rules.test.ts",
    "test/jobs/review/review-coverage.test.ts",
    "test/json-schema/schema-problems.test.ts",
  ],
  breakAt: 90,
});
