import { checkRunJson } from "../double-payloads.js";
import { githubError, notFound, ok, paginate } from "../double-response.js";
import type { CheckRunState } from "../double-state.js";
import type { RouteContext, RouteTable } from "./route-context.js";

interface CheckRunBody {
  name?: string;
  head_sha?: string;
  status?: string;
  conclusion?: string;
  details_url?: string;
  external_id?: string;
  started_at?: string;
  completed_at?: string;
  output?: { title?: string; summary?: string; text?: string; annotations?: Array<Record<string, unknown>> };
}

/** Applies a create/update body the way GitHub does: annotations are appended, never replaced. */
function apply(ctx: RouteContext, run: CheckRunState, b: CheckRunBody) {
  if (b.output && b.output.title === undefined)
    return githubError(422, 'Invalid request.\n\n"title" wasn\'t supplied.');
  if (b.name !== undefined) run.name = b.name;
  if (b.details_url !== undefined) run.detailsUrl = b.details_url;
  if (b.external_id !== undefined) run.externalId = b.external_id;
  if (b.status !== undefined) run.status = b.status;
  if (b.conclusion !== undefined) {
    run.conclusion = b.conclusion;
    run.status = "completed";
  }
  if (run.status === "completed") run.completedAt = b.completed_at ?? run.completedAt ?? ctx.now();
  if (b.output) {
    run.output = {
      title: b.output.title ?? run.output.title,
      summary: b.output.summary ?? run.output.summary,
      text: b.output.text ?? run.output.text,
    };
    run.annotations.push(...(b.output.annotations ?? []));
  }
  return undefined;
}

export const checksRoutes: RouteTable = {
  "checks/create": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const b = ctx.body as CheckRunBody;
    const run: CheckRunState = {
      id: ctx.nextId(),
      repo: repo.fullName,
      name: b.name ?? "",
      headSha: b.head_sha ?? "",
      status: "queued",
      conclusion: null,
      detailsUrl: null,
      externalId: null,
      startedAt: b.started_at ?? ctx.now(),
      completedAt: null,
      output: { title: null, summary: null, text: null },
      annotations: [],
    };
    const error = apply(ctx, run, b);
    if (error) return error;
    ctx.state.checkRuns.push(run);
    return ok(checkRunJson(run, ctx.htmlBase), 201);
  },

  "checks/update": (ctx) => {
    const repo = ctx.repo();
    const run = ctx.state.checkRuns.find(
      (r) => r.id === Number(ctx.params.check_run_id) && r.repo === repo?.fullName,
    );
    if (!run) return notFound();
    const error = apply(ctx, run, ctx.body as CheckRunBody);
    return error ?? ok(checkRunJson(run, ctx.htmlBase));
  },

  "checks/get": (ctx) => {
    const repo = ctx.repo();
    const run = ctx.state.checkRuns.find(
      (r) => r.id === Number(ctx.params.check_run_id) && r.repo === repo?.fullName,
    );
    return run ? ok(checkRunJson(run, ctx.htmlBase)) : notFound();
  },

  /** Check runs for a commit (`ref` = a sha here), newest first, filtered by `check_name` and `status`. */
  "checks/list-for-ref": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const name = ctx.query.get("check_name");
    const status = ctx.query.get("status");
    const runs = ctx.state.checkRuns
      .filter((r) => r.repo === repo.fullName && r.headSha === ctx.params.ref)
      .filter((r) => (name === null || r.name === name) && (status === null || r.status === status))
      .reverse();
    const page = paginate(
      runs.map((r) => checkRunJson(r, ctx.htmlBase)),
      ctx.query,
      ctx.url,
    );
    return { ...page, body: { total_count: runs.length, check_runs: page.body } };
  },

  "checks/list-annotations": (ctx) => {
    const repo = ctx.repo();
    const run = ctx.state.checkRuns.find(
      (r) => r.id === Number(ctx.params.check_run_id) && r.repo === repo?.fullName,
    );
    return run ? paginate(run.annotations, ctx.query, ctx.url) : notFound();
  },
};
