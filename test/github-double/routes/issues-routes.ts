import { issueCommentJson, issueJson } from "../double-payloads.js";
import { githubError, noContent, notFound, ok, paginate } from "../double-response.js";
import type { IssueCommentState, IssueState } from "../double-state.js";
import { itemKey } from "../double-state.js";
import type { RouteContext, RouteTable } from "./route-context.js";

type LabelInput = string | { name?: string };

function labelNames(labels: LabelInput[] | undefined): string[] {
  return (labels ?? []).map((l) => (typeof l === "string" ? l : (l.name ?? ""))).filter((n) => n !== "");
}

/** GitHub creates labels that do not exist yet when an issue is created or labelled by a writer. */
function ensureLabels(ctx: RouteContext, names: string[]): void {
  const repo = ctx.repo()!;
  for (const name of names) {
    if (!repo.labels.has(name))
      repo.labels.set(name, { id: ctx.nextId(), name, color: "ededed", description: null });
  }
}

/** Issue numbers and PR numbers share a sequence; `issues/*` endpoints see PRs as issues too. */
function issueOrPull(ctx: RouteContext): { issue?: IssueState; isPull: boolean } {
  const repo = ctx.repo();
  if (!repo) return { isPull: false };
  const key = itemKey(repo.fullName, Number(ctx.params.issue_number));
  const issue = ctx.state.issues.get(key);
  if (issue) return { issue, isPull: false };
  return { isPull: ctx.state.pulls.has(key) };
}

export const issuesRoutes: RouteTable = {
  "issues/list-comments": (ctx) => {
    const { issue, isPull } = issueOrPull(ctx);
    if (!issue && !isPull) return notFound();
    const repo = ctx.repo()!;
    const n = Number(ctx.params.issue_number);
    const comments = ctx.state.issueComments.filter((c) => c.repo === repo.fullName && c.issueNumber === n);
    return paginate(
      comments.map((c) => issueCommentJson(c, ctx.htmlBase)),
      ctx.query,
      ctx.url,
    );
  },

  "issues/create-comment": (ctx) => {
    const { issue, isPull } = issueOrPull(ctx);
    if (!issue && !isPull) return notFound();
    const comment: IssueCommentState = {
      id: ctx.nextId(),
      repo: ctx.repo()!.fullName,
      issueNumber: Number(ctx.params.issue_number),
      body: String(ctx.body.body ?? ""),
      user: ctx.user,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    };
    ctx.state.issueComments.push(comment);
    return ok(issueCommentJson(comment, ctx.htmlBase), 201);
  },

  "issues/update-comment": (ctx) => {
    const repo = ctx.repo();
    const comment = ctx.state.issueComments.find(
      (c) => c.id === Number(ctx.params.comment_id) && c.repo === repo?.fullName,
    );
    if (!comment) return notFound();
    comment.body = String(ctx.body.body ?? "");
    comment.updatedAt = ctx.now();
    return ok(issueCommentJson(comment, ctx.htmlBase));
  },

  "issues/delete-comment": (ctx) => {
    const repo = ctx.repo();
    const i = ctx.state.issueComments.findIndex(
      (c) => c.id === Number(ctx.params.comment_id) && c.repo === repo?.fullName,
    );
    if (i < 0) return notFound();
    ctx.state.issueComments.splice(i, 1);
    return noContent();
  },

  "issues/create": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const b = ctx.body as { title: string | number; body?: string; labels?: LabelInput[] };
    const labels = labelNames(b.labels);
    ensureLabels(ctx, labels);
    const number = (ctx.state.nextNumber.get(repo.fullName) ?? 1) as number;
    ctx.state.nextNumber.set(repo.fullName, number + 1);
    const issue: IssueState = {
      repo: repo.fullName,
      number,
      title: String(b.title),
      body: b.body ?? "",
      state: "open",
      stateReason: null,
      labels,
      user: ctx.user,
      createdAt: ctx.now(),
      updatedAt: ctx.now(),
    };
    ctx.state.issues.set(itemKey(repo.fullName, number), issue);
    return ok(issueJson(issue, ctx.htmlBase, false), 201);
  },

  "issues/get": (ctx) => {
    const { issue } = issueOrPull(ctx);
    return issue ? ok(issueJson(issue, ctx.htmlBase, false)) : notFound();
  },

  "issues/update": (ctx) => {
    const { issue } = issueOrPull(ctx);
    if (!issue) return notFound();
    const b = ctx.body as {
      title?: string | number;
      body?: string;
      state?: "open" | "closed";
      state_reason?: string | null;
      labels?: LabelInput[];
    };
    if (b.title !== undefined) issue.title = String(b.title);
    if (b.body !== undefined) issue.body = b.body;
    if (b.state !== undefined) {
      issue.state = b.state;
      issue.stateReason =
        b.state === "closed" ? (b.state_reason ?? "completed") : (b.state_reason ?? "reopened");
    }
    if (b.labels !== undefined) {
      issue.labels = labelNames(b.labels);
      ensureLabels(ctx, issue.labels);
    }
    issue.updatedAt = ctx.now();
    return ok(issueJson(issue, ctx.htmlBase, false));
  },

  "issues/list-for-repo": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const state = ctx.query.get("state") ?? "open";
    const wanted = (ctx.query.get("labels") ?? "").split(",").filter((l) => l !== "");
    const issues = [...ctx.state.issues.values()]
      .filter((i) => i.repo === repo.fullName)
      .filter((i) => state === "all" || i.state === state)
      .filter((i) => wanted.every((l) => i.labels.includes(l)))
      .map((i) => issueJson(i, ctx.htmlBase, false));
    // PRs are issues too: GitHub lists them here (with a `pull_request` key) unless labels exclude them.
    const pulls =
      wanted.length > 0
        ? []
        : [...ctx.state.pulls.values()]
            .filter((p) => p.repo === repo.fullName && (state === "all" || p.state === state))
            .map((p) =>
              issueJson(
                {
                  repo: p.repo,
                  number: p.number,
                  title: p.title,
                  body: p.body,
                  state: p.state,
                  stateReason: null,
                  labels: [],
                  user: p.user,
                  createdAt: ctx.now(),
                  updatedAt: ctx.now(),
                },
                ctx.htmlBase,
                true,
              ),
            );
    const all = [...issues, ...pulls].sort((a, b) => b.number - a.number);
    return paginate(all, ctx.query, ctx.url);
  },

  "issues/add-labels": (ctx) => {
    const { issue } = issueOrPull(ctx);
    if (!issue) return notFound();
    const b = ctx.body as { labels?: LabelInput[] } | LabelInput[];
    const names = labelNames(Array.isArray(b) ? b : b.labels);
    ensureLabels(ctx, names);
    issue.labels = [...new Set([...issue.labels, ...names])];
    return ok(issue.labels.map((name) => ({ name })));
  },

  "issues/remove-label": (ctx) => {
    // Issues and PRs share the labels endpoints; GitHub answers 404 when the label is not on the item.
    const { issue, isPull } = issueOrPull(ctx);
    const repo = ctx.repo();
    const item =
      issue ??
      (isPull && repo
        ? ctx.state.pulls.get(itemKey(repo.fullName, Number(ctx.params.issue_number)))
        : undefined);
    if (!item?.labels.includes(ctx.params.name ?? "")) return githubError(404, "Label does not exist");
    item.labels = item.labels.filter((name) => name !== ctx.params.name);
    return ok(item.labels.map((name) => ({ name })));
  },

  "issues/create-label": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const b = ctx.body as { name: string; color?: string; description?: string };
    if (repo.labels.has(b.name))
      return githubError(422, "Validation Failed", [
        { resource: "Label", code: "already_exists", field: "name" },
      ]);
    const label = {
      id: ctx.nextId(),
      name: b.name,
      color: b.color ?? "ededed",
      description: b.description ?? null,
    };
    repo.labels.set(b.name, label);
    return ok(label, 201);
  },
};
