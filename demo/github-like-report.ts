import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/** What a run posted, as the GitHub double stored it. */
export interface PostedRun {
  title: string;
  /** The PR's unified diff (base...head). */
  diff: string;
  reviewState: string;
  reviewBody: string;
  inlineComments: Array<{ path: string; line: number | null; body: string }>;
  checkRun?: {
    name: string;
    conclusion: string | null;
    title: string | null;
    summary: string | null;
    annotations: Array<Record<string, unknown>>;
  };
  stickyComment: string;
  jobSummary: string;
}

/**
 * An HTML page that shows a run the way GitHub would: Markdown rendered (marked) and then sanitised
 * like GitHub sanitises user content (sanitize-html with an allowlist: no scripts, no event handlers,
 * no images or iframes), inline comments under the diff line they sit on, the check run with its
 * annotations, the sticky comment and the job summary. Finding text is model output, so it is
 * treated as hostile: nothing in it can run in the reader's browser.
 */
export function renderGitHubLikeReport(run: PostedRun): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${escapeHtml(run.title)}</title>
<style>${STYLE}</style></head>
<body>
<h1>${escapeHtml(run.title)}</h1>
<p class="note">Scripted-model demo: the answers come from a script served on 127.0.0.1, not from Claude. The Claude Code CLI, the Action and the GitHub API calls (to a local double validated against GitHub's OpenAPI description) are real.</p>
<section id="review"><h2>Review <span class="state">${escapeHtml(run.reviewState)}</span></h2>
<div class="markdown">${markdown(run.reviewBody)}</div></section>
<section id="files"><h2>Files changed</h2>${renderDiff(run.diff, run.inlineComments)}</section>
${run.checkRun ? renderCheckRun(run.checkRun) : ""}
<section id="sticky"><h2>Sticky comment</h2><div class="markdown">${markdown(run.stickyComment)}</div></section>
<section id="job-summary"><h2>Job summary</h2><div class="markdown">${markdown(run.jobSummary)}</div></section>
</body></html>
`;
}

/** GitHub-flavoured Markdown to HTML, then only what GitHub itself would keep. */
export function markdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true });
  return sanitizeHtml(html, {
    allowedTags: [
      ...["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "code", "kbd"],
      ...["strong", "em", "del", "sub", "sup", "ul", "ol", "li", "a", "details", "summary"],
      ...["table", "thead", "tbody", "tr", "th", "td", "input"],
    ],
    allowedAttributes: {
      a: ["href", "title"],
      code: ["class"],
      input: ["type", "checked", "disabled"],
      th: ["align"],
      td: ["align"],
    },
    allowedSchemes: ["https", "http", "mailto"],
    allowProtocolRelative: false,
    transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "nofollow noopener", target: "_blank" }) },
  });
}

interface DiffLine {
  kind: "add" | "del" | "context" | "hunk";
  text: string;
  /** Line number on the new (head) side, for additions and context. */
  newLine?: number;
}

function renderDiff(diff: string, comments: PostedRun["inlineComments"]): string {
  return splitFiles(diff)
    .map(({ path, lines }) => {
      const own = comments.filter((c) => c.path === path);
      const fileLevel = own.filter((c) => c.line === null);
      const rows = lines.map((line) => {
        const row = `<tr class="${line.kind}"${line.newLine ? ` data-new-line="${line.newLine}"` : ""}><td class="num">${line.newLine ?? ""}</td><td class="code">${escapeHtml(line.text)}</td></tr>`;
        const here = line.newLine ? own.filter((c) => c.line === line.newLine) : [];
        return row + here.map((c) => commentRow(path, c.line, c.body)).join("");
      });
      return `<div class="file" data-path="${escapeHtml(path)}"><h3>${escapeHtml(path)}</h3>${fileLevel
        .map((c) => `<table>${commentRow(path, null, c.body)}</table>`)
        .join("")}<table class="diff">${rows.join("")}</table></div>`;
    })
    .join("\n");
}

function commentRow(path: string, line: number | null, body: string): string {
  return `<tr class="inline-comment" data-path="${escapeHtml(path)}" data-line="${line ?? "file"}"><td colspan="2"><div class="comment markdown">${markdown(body)}</div></td></tr>`;
}

function splitFiles(diff: string): { path: string; lines: DiffLine[] }[] {
  const files: { path: string; lines: DiffLine[] }[] = [];
  let newLine = 0;
  for (const raw of diff.split("\n")) {
    if (raw.startsWith("diff --git ")) {
      files.push({ path: /^diff --git a\/.* b\/(.*)$/.exec(raw)?.[1] ?? raw, lines: [] });
      continue;
    }
    const file = files.at(-1);
    if (
      !file ||
      raw.startsWith("--- ") ||
      raw.startsWith("+++ ") ||
      /^(index|new file|deleted file|similarity|rename) /.test(raw)
    )
      continue;
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(raw);
    if (hunk) {
      newLine = Number(hunk[1]);
      file.lines.push({ kind: "hunk", text: raw });
    } else if (raw.startsWith("+")) file.lines.push({ kind: "add", text: raw, newLine: newLine++ });
    else if (raw.startsWith("-")) file.lines.push({ kind: "del", text: raw });
    else if (raw.startsWith(" ")) file.lines.push({ kind: "context", text: raw, newLine: newLine++ });
  }
  return files;
}

function renderCheckRun(check: NonNullable<PostedRun["checkRun"]>): string {
  const annotations = check.annotations
    .map(
      (a) =>
        `<li class="annotation ${escapeHtml(String(a.annotation_level))}" data-path="${escapeHtml(String(a.path))}" data-line="${escapeHtml(String(a.start_line))}"><code>${escapeHtml(`${a.path}:${a.start_line}`)}</code> <strong>${escapeHtml(String(a.title ?? ""))}</strong><div>${escapeHtml(String(a.message ?? ""))}</div></li>`,
    )
    .join("");
  return `<section id="check-run"><h2>Check run “${escapeHtml(check.name)}”: <span class="conclusion">${escapeHtml(check.conclusion ?? "in progress")}</span></h2>
<h3>${escapeHtml(check.title ?? "")}</h3><div class="markdown">${markdown(check.summary ?? "")}</div>
<h3>Annotations (${check.annotations.length})</h3><ul class="annotations">${annotations}</ul></section>`;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

const STYLE = `body{font:14px -apple-system,system-ui,sans-serif;max-width:64rem;margin:2rem auto;padding:0 1rem;color:#1f2328}
section{border:1px solid #d0d7de;border-radius:6px;padding:0 1rem 1rem;margin:1rem 0}
.note{background:#fff8c5;padding:.5rem 1rem;border-radius:6px}
.markdown pre,.markdown code{background:#f6f8fa;border-radius:6px}.markdown pre{padding:.75rem;overflow:auto}
.markdown table{border-collapse:collapse}.markdown td,.markdown th{border:1px solid #d0d7de;padding:.25rem .5rem}
table.diff{border-collapse:collapse;width:100%;font:12px ui-monospace,monospace}
table.diff td{padding:0 .5rem;white-space:pre}td.num{color:#656d76;text-align:right;width:3rem;user-select:none}
tr.add{background:#e6ffec}tr.del{background:#ffebe9}tr.hunk{background:#ddf4ff;color:#656d76}
tr.inline-comment td{white-space:normal;background:#fff}.comment{border:1px solid #d0d7de;border-radius:6px;margin:.5rem;padding:0 .75rem}
.annotation.failure{border-left:4px solid #cf222e}.annotation.warning{border-left:4px solid #bf8700}.annotation.notice{border-left:4px solid #0969da}
.annotations li{list-style:none;padding:.25rem .5rem;margin:.25rem 0}`;
