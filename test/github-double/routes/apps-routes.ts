import { repoJson } from "../double-payloads.js";
import { notFound, ok } from "../double-response.js";
import type { HookDeliveryState, InstallationState, UserRef } from "../double-state.js";
import type { RouteTable } from "./route-context.js";

/**
 * The installation an installation token was minted for. Every installation of an App posts as the
 * same `<app slug>[bot]`, so the login cannot say which one a token belongs to (as on GitHub, where
 * the token itself does).
 */
export const installationOfTokenUser = new WeakMap<UserRef, number>();

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

function deliveryJson(d: HookDeliveryState) {
  return {
    id: d.id,
    guid: d.guid,
    delivered_at: d.deliveredAt,
    redelivery: d.redelivery,
    duration: 0.1,
    status: d.statusCode >= 200 && d.statusCode < 300 ? "OK" : "failed",
    status_code: d.statusCode,
    event: d.event,
    action: d.action,
    installation_id: null,
    repository_id: null,
  };
}

/** The App-side routes the Lambda schedule uses (App JWT or installation token). */
export const appsRoutes: RouteTable = {
  "apps/list-webhook-deliveries": (ctx) => ok(ctx.state.hookDeliveries.map(deliveryJson)),

  /** GitHub sends the delivery again: a new entry with the same guid, marked as a redelivery. */
  "apps/redeliver-webhook-delivery": (ctx) => {
    const original = ctx.state.hookDeliveries.find((d) => d.id === Number(ctx.params.delivery_id));
    if (!original) return notFound();
    ctx.state.hookDeliveries.unshift({
      ...original,
      id: ctx.nextId(),
      // A minute after the attempt it repeats (the double's own clock is fixed in January).
      deliveredAt: new Date(Date.parse(original.deliveredAt) + 60_000).toISOString(),
      redelivery: true,
      statusCode: 202,
    });
    return ok({}, 202);
  },

  "apps/list-installations": (ctx) =>
    ok([...ctx.state.installations.values()].map((i) => installationJson(i, ctx.url.origin))),

  "apps/get-repo-installation": (ctx) => {
    const fullName = `${ctx.params.owner}/${ctx.params.repo}`;
    const found = [...ctx.state.installations.values()].find((i) => i.repos.includes(fullName));
    return found ? ok(installationJson(found, ctx.url.origin)) : notFound();
  },

  /** Called with an installation token: the repositories of that installation. */
  "apps/list-repos-accessible-to-installation": (ctx) => {
    const id = ctx.user ? installationOfTokenUser.get(ctx.user) : undefined;
    const installation = id === undefined ? undefined : ctx.state.installations.get(id);
    if (!installation) return notFound();
    const repos = installation.repos
      .map((name) => ctx.state.repos.get(name))
      .filter((r) => r !== undefined)
      .map((r) => repoJson(r, ctx.htmlBase));
    return ok({ total_count: repos.length, repository_selection: "selected", repositories: repos });
  },
};
