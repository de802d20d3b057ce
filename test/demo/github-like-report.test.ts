import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { renderGitHubLikeReport } from "../../demo/github-like-report.js";
import { postedRun } from "../../demo/posted-run.js";
import { ActionRunFixture, OWNER, REPO } from "../action/action-run-fixture.js";
import { CLI_TIMEOUT_MS } from "../harness/scripted-claude-fixture.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: 2 * CLI_TIMEOUT_MS, hookTimeout: 2 * CLI_TIMEOUT_MS });

/** Debian's chromium (apt-get install chromium), started the way this machine allows. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Model output is hostile: each of these would run script in the reader's browser if rendered raw.
const HOSTILE_TITLE = 'sub() adds <script>window.__pwned = "title"</script>';
const HOSTILE_BODY = [
  "`sub(5, 3)` returns 8.",
  '<img src="x" onerror="window.__pwned = \'img\'">',
  "[click](javascript:window.__pwned='link')",
  '<a href="#" onclick="window.__pwned=\'onclick\'">details</a>',
  "<iframe srcdoc=\"<script>parent.__pwned='iframe'</script>\"></iframe>",
].join("\n\n");

describe("the demo report (real CLI run through dist/index.js, rendered, opened in Chromium)", () => {
  let fx: ActionRunFixture;
  let reportPath: string;

  beforeAll(async () => {
    fx = await ActionRunFixture.start([
      { kind: "tool_use", name: "Read", input: { file_path: "src/math.ts" } },
      {
        kind: "structured_output",
        value: {
          verdict: "request_changes",
          summary: "Found **one** bug.",
          findings: [
            {
              path: "src/math.ts",
              start_line: 14,
              end_line: 14,
              severity: "error",
              title: HOSTILE_TITLE,
              body: HOSTILE_BODY,
              category: "bug",
            },
          ],
        },
      },
    ]);
    fx.openPullRequest();
    const run = await fx.run("pull_request", fx.pullRequestEvent("opened"), {});
    // An error finding fails the step under the default fail_on (error), as the check run does.
    expect(run.code, run.stderr).toBe(1);
    const dir = await makeTempDir("cpr-report");
    reportPath = join(dir, "index.html");
    writeFileSync(
      reportPath,
      renderGitHubLikeReport(postedRun(fx.github, { owner: OWNER, name: REPO, number: 7 }, run.summary)),
    );
  });
  afterAll(() => fx?.close());

  it("shows each finding under its diff line, the check run, sticky comment and job summary, and runs nothing from finding text", async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.goto(pathToFileURL(reportPath).href);
      // Page-side code as text: it runs in Chromium, and this project's TypeScript has no DOM types.
      const inPage = <T = unknown>(body: string): Promise<T> =>
        page.evaluate(`(() => ${body})()`) as Promise<T>;

      // The inline comment is the row right after head line 14 of src/math.ts.
      const placed = await inPage<{
        found: boolean;
        lineBefore?: string | null;
        codeBefore?: string | null;
        text: string;
      }>(`{
        const comment = document.querySelector('tr.inline-comment[data-path="src/math.ts"][data-line="14"]');
        const before = comment?.previousElementSibling;
        return {
          found: Boolean(comment),
          lineBefore: before?.getAttribute("data-new-line"),
          codeBefore: before?.querySelector("td.code")?.textContent,
          text: comment?.textContent ?? "",
        };
      }`);
      expect(placed).toMatchObject({ found: true, lineBefore: "14" });
      expect(placed.codeBefore).toContain("return a + b;");
      expect(placed.text).toContain("sub(5, 3) returns 8.");

      // Inert: nothing ran, no script or handler survived, no dangerous link.
      const inert = await inPage(`{ return {
        pwned: window.__pwned ?? null,
        scripts: document.querySelectorAll("script, iframe, img, object, embed").length,
        handlers: [...document.querySelectorAll("*")].filter((el) =>
          [...el.attributes].some((a) => a.name.startsWith("on")),
        ).length,
        jsLinks: [...document.querySelectorAll("a")].filter((a) =>
          a.getAttribute("href")?.trim().toLowerCase().startsWith("javascript:"),
        ).length,
      }; }`);
      expect(inert).toEqual({ pwned: null, scripts: 0, handlers: 0, jsLinks: 0 });
      expect(dialogs).toEqual([]);

      // The hostile title is shown as text, where a reader can see what the model wrote.
      const sections = await inPage<Record<string, string | number | null | undefined>>(`{ return {
        review: document.querySelector("#review .state")?.textContent,
        check: document.querySelector("#check-run .conclusion")?.textContent,
        annotation:
          document.querySelector('#check-run .annotation[data-path="src/math.ts"][data-line="14"]')
            ?.textContent ?? "",
        sticky: document.querySelector("#sticky")?.textContent ?? "",
        summaryTable: document.querySelectorAll("#job-summary table tr").length,
        summaryBold: document.querySelector("#review strong")?.textContent,
      }; }`);
      expect(sections.review).toBe("CHANGES_REQUESTED");
      expect(sections.check).toBe("failure");
      // Shown as text (the output sanitiser also breaks tags with a zero-width space after "<").
      expect(String(sections.annotation).replaceAll("\u200b", "")).toContain(
        '<script>window.__pwned = "title"</script>',
      );
      expect(String(sections.sticky)).toContain("Claude review");
      expect(sections.summaryTable).toBeGreaterThanOrEqual(2); // header + the finding
      expect(sections.summaryBold).toBeTruthy(); // Markdown is rendered, not shown raw
    } finally {
      await browser.close();
    }
  });
});
