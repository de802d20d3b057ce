import type { Finding } from "../../src/findings/finding.js";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { GitHubDouble, type StartOptions } from "../github-double/index.js";

/**
 * A PR diff touching three files:
 * - src/app.ts: hunk 0 = new lines 1-7 (3 and 4 added), hunk 1 = new lines 21-25 (23 added);
 * - src/new-name.ts (renamed from src/old-name.ts): lines 10-12 (11 added);
 * - src/removed.ts: deleted.
 */
export const SAMPLE_DIFF = `diff --git a/src/app.ts b/src/app.ts
index 1111111..2222222 100644
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,6 +1,7 @@
 line1
 line2
-old3
+new3
+new3b
 line4
 line5
 line6
@@ -20,4 +21,5 @@ function tail() {
 line20
 line21
+added23
 line22
 line23
diff --git a/src/old-name.ts b/src/new-name.ts
similarity index 90%
rename from src/old-name.ts
rename to src/new-name.ts
index 3333333..4444444 100644
--- a/src/old-name.ts
+++ b/src/new-name.ts
@@ -10,3 +10,3 @@
 keep10
-gone11
+renamed11
 keep12
diff --git a/src/removed.ts b/src/removed.ts
deleted file mode 100644
index 5555555..0000000
--- a/src/removed.ts
+++ /dev/null
@@ -1,2 +0,0 @@
-a
-b
`;

/** A diff adding `path` with `lines` lines (every line is an added, commentable line). */
export function newFileDiff(path: string, lines: number): string {
  const body = Array.from({ length: lines }, (_, i) => `+line ${i + 1}`).join("\n");
  return `diff --git a/${path} b/${path}\nnew file mode 100644\nindex 0000000..1234567\n--- /dev/null\n+++ b/${path}\n@@ -0,0 +1,${lines} @@\n${body}\n`;
}

export const HEAD_SHA = "c".repeat(40);

export function finding(overrides: Partial<Finding> & Pick<Finding, "path" | "startLine">): Finding {
  return {
    endLine: overrides.startLine,
    severity: "warning",
    title: `Issue at ${overrides.path}:${overrides.startLine}`,
    body: "Something to fix.",
    category: "bug",
    ...overrides,
  };
}

/** Fast client for tests: GitHub's 1 s / 3 s write spacing and second-based retry-after shrink to ms. */
export function testClient(gh: GitHubDouble): GitHubClient {
  return createGitHubClient({
    token: gh.token,
    baseUrl: gh.url,
    retryAfterBaseMs: 1,
    writeSpacingMs: 0,
    notificationSpacingMs: 0,
  });
}

export async function startDoubleWithPr(
  diff = SAMPLE_DIFF,
  number = 7,
  options: StartOptions = {},
): Promise<GitHubDouble> {
  const gh = await GitHubDouble.start(options);
  gh.addRepo("acme", "app");
  gh.addPullRequest({ owner: "acme", repo: "app", number, diff, headSha: HEAD_SHA });
  return gh;
}
