import { repoJson } from "../double-payloads.js";
import { notFound, ok } from "../double-response.js";
import type { InstallationState } from "../double-state.js";
import type { RouteTable } from "./route-context.js";

/** Enough of GitHub's `installation` object for clients that enumerate where an App is installed. */
function installationJson(i: InstallationState, base: string) {
  return {
    id: i.id,
    account: { login: i.account, type: "Organization" },
    app_id: 1,
    app_slug: "claude-pr-runner",
    target_type: "Organization",
    repository_selection: "selected",
    access_tokens_url: `${base}/app/installations/${i.id}/access_tokens`,
    repositories_url: `${base}/installation/repositories`,
    html_url: `https://github.com/organizations/${i.account}/settings/installations/${i.id}`,
    permissions: { pull_requests: "write", checks: "write", issues: "write", contents: "write" },
    events: ["pull_request", "issue_comment"],
    suspended_at: i.suspended ? "2026-01-01T00:00:00Z" : null,
    suspended_by: null,
  };
}

/** The App-side routes the Lambda schedule uses (App JWT or installation token). */
export const appsRoutes: RouteTable = {
  "apps/list-installations": (ctx) =>
    ok([...ctx.state.installations.values()].map((i) => installationJson(i, ctx.url.origin))),

  "apps/get-repo-installation": (ctx) => {
    const fullName = `${ctx.params.owner}/${ctx.params.repo}`;
    const found = [...ctx.state.installations.values()].find((i) => i.repos.includes(fullName));
    return found ? ok(installationJson(found, ctx.url.origin)) : notFound();
  },

  /** Called with an installation token: the repositories of that installation. */
  "apps/list-repos-accessible-to-installation": (ctx) => {
    const id = Number(/^installation-(\d+)\[bot\]$/.exec(ctx.user.login)?.[1]);
    const installation = ctx.state.installations.get(id);
    if (!installation) return notFound();
    const repos = installation.repos
      .map((name) => ctx.state.repos.get(name))
      .filter((r) => r !== undefined)
      .map((r) => repoJson(r, ctx.htmlBase));
    return ok({ total_count: repos.length, repository_selection: "selected", repositories: repos });
  },
};
