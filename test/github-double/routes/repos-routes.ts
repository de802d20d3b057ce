import { repoJson, userJson } from "../double-payloads.js";
import { noContent, notFound, ok } from "../double-response.js";
import type { RouteTable } from "./route-context.js";

export const reposRoutes: RouteTable = {
  "repos/get": (ctx) => {
    const repo = ctx.repo();
    return repo ? ok(repoJson(repo, ctx.htmlBase)) : notFound();
  },

  /** Like GitHub: `permission` is the legacy admin/write/read/none, `role_name` the fine-grained role. */
  "repos/get-collaborator-permission-level": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const role = repo.collaborators.get(ctx.params.username ?? "");
    if (!role) return notFound();
    const permission =
      role === "admin" ? "admin" : role === "maintain" || role === "write" ? "write" : "read";
    return ok({
      permission,
      role_name: role,
      user: userJson({ login: ctx.params.username ?? "", type: "User" }),
    });
  },

  /** The token revokes itself: the double refuses it from then on, as GitHub does. */
  "apps/revoke-installation-access-token": (ctx) => {
    ctx.revokePresentedToken();
    return noContent();
  },

  /** Lambda App flow: exchange the App JWT for an installation token the double will then accept. */
  "apps/create-installation-access-token": (ctx) => {
    const id = ctx.params.installation_id ?? "0";
    const token = ctx.issueToken({ login: `installation-${id}[bot]`, type: "Bot" });
    return ok(
      {
        token,
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        permissions: (ctx.body.permissions as Record<string, string> | undefined) ?? {
          pull_requests: "write",
          checks: "write",
          issues: "write",
          contents: "read",
        },
        repository_selection: "selected",
      },
      201,
    );
  },
};
