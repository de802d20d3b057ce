import { execFileSync } from "node:child_process";
import { repoJson, userJson } from "../double-payloads.js";
import { noContent, notFound, ok } from "../double-response.js";
import type { UserRef } from "../double-state.js";
import { filesFromDiff } from "../double-state.js";
import { installationOfTokenUser } from "./apps-routes.js";
import type { RouteTable } from "./route-context.js";

/** A tree's entries as GitHub lists a directory (files and subdirectories); undefined for anything else. */
function directoryAt(gitDir: string, ref: string, path: string, api: string): unknown[] | undefined {
  let listed: string;
  try {
    if (
      execFileSync("git", ["--git-dir", gitDir, "cat-file", "-t", `${ref}:${path}`], {
        stdio: ["ignore", "pipe", "ignore"],
        encoding: "utf8",
      }).trim() !== "tree"
    )
      return undefined;
    listed = execFileSync("git", ["--git-dir", gitDir, "ls-tree", "-l", "-z", `${ref}:${path}`], {
      encoding: "utf8",
    });
  } catch {
    return undefined;
  }
  return listed
    .split("\0")
    .filter(Boolean)
    .map((line) => {
      const [meta = "", name = ""] = line.split("\t");
      const [, type, sha = "", size] = meta.split(/\s+/);
      const entryPath = path ? `${path}/${name}` : name;
      const url = `${api}/contents/${entryPath}?ref=${ref}`;
      return {
        type: type === "tree" ? "dir" : "file",
        size: Number(size) || 0,
        name,
        path: entryPath,
        sha,
        url,
        git_url: null,
        html_url: null,
        download_url: null,
        _links: { self: url, git: null, html: null },
      };
    });
}

function gitOutput(gitDir: string, args: string[]): string | undefined {
  try {
    return execFileSync("git", ["--git-dir", gitDir, ...args], {
      stdio: ["ignore", "pipe", "ignore"],
      encoding: "utf8",
    });
  } catch {
    return undefined;
  }
}

export const reposRoutes: RouteTable = {
  /**
   * `GET /compare/{base}...{head}` from the repository's `gitDir`, as GitHub computes it: the
   * merge base's diff to the head, `status` ahead/behind/diverged/identical, and the diff media type.
   */
  "repos/compare-commits-with-basehead": (ctx) => {
    const repo = ctx.repo();
    const gitDir = repo?.gitDir;
    if (!gitDir) return notFound();
    const [base = "", head = ""] = (ctx.params.basehead ?? "").split("...");
    const resolve = (ref: string) =>
      gitOutput(gitDir, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`])?.trim();
    const [baseSha, headSha] = [resolve(base), resolve(head)];
    if (!baseSha || !headSha) return notFound();
    const mergeBase = gitOutput(gitDir, ["merge-base", baseSha, headSha])?.trim() ?? "";
    const diff = gitOutput(gitDir, ["diff", "--no-color", "-M", mergeBase, headSha]) ?? "";
    if (/application\/vnd\.github(\.v3)?\.diff/.test(ctx.accept))
      return {
        status: 200,
        text: diff,
        headers: { "content-type": "application/vnd.github.diff; charset=utf-8" },
      };
    const count = (range: string) => Number(gitOutput(gitDir, ["rev-list", "--count", range]) ?? 0);
    const aheadBy = count(`${mergeBase}..${headSha}`);
    const behindBy = count(`${mergeBase}..${baseSha}`);
    const status =
      aheadBy === 0 && behindBy === 0
        ? "identical"
        : behindBy === 0
          ? "ahead"
          : aheadBy === 0
            ? "behind"
            : "diverged";
    const api = `${ctx.url.origin}/repos/${repo.owner}/${repo.name}`;
    return ok({
      url: `${api}/compare/${ctx.params.basehead}`,
      html_url: `${ctx.htmlBase}/${repo.owner}/${repo.name}/compare/${ctx.params.basehead}`,
      permalink_url: `${ctx.htmlBase}/${repo.owner}/${repo.name}/compare/${baseSha}...${headSha}`,
      diff_url: `${ctx.htmlBase}/${repo.owner}/${repo.name}/compare/${ctx.params.basehead}.diff`,
      patch_url: `${ctx.htmlBase}/${repo.owner}/${repo.name}/compare/${ctx.params.basehead}.patch`,
      status,
      ahead_by: aheadBy,
      behind_by: behindBy,
      total_commits: aheadBy,
      commits: [],
      files: filesFromDiff(diff).map(({ commentableHunks: _c, hunkTexts: _h, ...f }) => ({
        ...f,
        sha: headSha,
      })),
    });
  },

  "repos/get": (ctx) => {
    const repo = ctx.repo();
    return repo ? ok(repoJson(repo, ctx.htmlBase)) : notFound();
  },

  /**
   * A file at a ref, read from the repository's `gitDir` with git itself: the raw bytes for
   * `application/vnd.github.raw`, else GitHub's JSON with base64 content. A missing path is a 404.
   */
  "repos/get-content": (ctx) => {
    const repo = ctx.repo();
    const gitDir = repo?.gitDir;
    if (!gitDir) return notFound();
    const path = ctx.params.path ?? "";
    const ref = ctx.query.get("ref") ?? "HEAD";
    const listing = directoryAt(gitDir, ref, path, `${ctx.url.origin}/repos/${repo.owner}/${repo.name}`);
    // Like GitHub: a directory is listed as JSON whatever media type was asked for.
    if (listing) return ok(listing);
    let content: Buffer;
    try {
      content = execFileSync("git", ["--git-dir", gitDir, "show", `${ref}:${path}`], {
        stdio: ["ignore", "pipe", "ignore"],
      });
    } catch {
      return notFound();
    }
    if (/application\/vnd\.github(\.v3)?\.raw/.test(ctx.accept))
      return {
        status: 200,
        text: content.toString("utf8"),
        headers: { "content-type": "application/vnd.github.raw; charset=utf-8" },
      };
    const blob = execFileSync("git", ["--git-dir", gitDir, "rev-parse", `${ref}:${path}`], {
      encoding: "utf8",
    }).trim();
    const url = `${ctx.url.origin}/repos/${repo.owner}/${repo.name}/contents/${path}?ref=${ref}`;
    return ok({
      type: "file",
      encoding: "base64",
      size: content.length,
      name: path.split("/").at(-1) ?? path,
      path,
      content: content.toString("base64"),
      sha: blob,
      url,
      git_url: null,
      html_url: null,
      download_url: null,
      _links: { self: url, git: null, html: null },
    });
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
    // Every installation of an App posts as the App's bot, `<app slug>[bot]` (the slug of apps-routes).
    const user: UserRef = { login: "claude-pr-runner[bot]", type: "Bot" };
    installationOfTokenUser.set(user, Number(ctx.params.installation_id));
    const token = ctx.issueToken(user);
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
