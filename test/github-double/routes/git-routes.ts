import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { githubError, notFound, ok } from "../double-response.js";
import type { RepoState } from "../double-state.js";
import type { RouteContext, RouteTable } from "./route-context.js";

/**
 * The Git database API (blobs, trees, commits, refs) on a real bare repository: a repository seeded
 * with `gitDir` keeps its objects there, so a test can inspect what a client created with git itself,
 * and shas are real git shas. Like GitHub, a commit created without an author or committer override
 * is signed by GitHub and reported as verified; a ref update that is not a fast-forward is refused
 * unless `force` is set.
 */
export const gitRoutes: RouteTable = {
  "git/create-blob": (ctx) =>
    withGit(ctx, (git) => {
      const encoding = String(ctx.body.encoding ?? "utf-8");
      const content = Buffer.from(String(ctx.body.content ?? ""), encoding === "base64" ? "base64" : "utf8");
      const sha = git(["hash-object", "-w", "--stdin"], content);
      return ok({ sha, url: objectUrl(ctx, "blobs", sha) }, 201);
    }),

  "git/create-tree": (ctx) =>
    withGit(ctx, (git) => {
      const entries = (ctx.body.tree ?? []) as TreeEntryInput[];
      const baseTree = ctx.body.base_tree as string | undefined;
      if (baseTree && !objectIs(git, baseTree, "tree")) {
        return githubError(422, "base_tree is not a valid tree", [
          { resource: "Tree", field: "base_tree", code: "invalid" },
        ]);
      }
      const indexDir = mkdtempSync(join(tmpdir(), "double-index-"));
      const env = { GIT_INDEX_FILE: join(indexDir, "index") };
      try {
        git(baseTree ? ["read-tree", baseTree] : ["read-tree", "--empty"], undefined, env);
        // `--index-info` works on a bare repository: "mode sha\tpath" adds, mode 0 removes.
        const lines: string[] = [];
        for (const entry of entries) {
          if (entry.sha === null) {
            lines.push(`0 ${"0".repeat(40)}\t${entry.path}`);
            continue;
          }
          const sha =
            entry.content === undefined
              ? entry.sha
              : git(["hash-object", "-w", "--stdin"], Buffer.from(entry.content));
          const type = entry.type === "tree" ? "tree" : entry.type === "commit" ? "commit" : "blob";
          if (!sha || !objectIs(git, sha, type)) {
            return githubError(422, `tree.sha ${sha} wasn't found`, [
              { resource: "Tree", field: "sha", code: "invalid" },
            ]);
          }
          lines.push(`${entry.mode} ${sha}\t${entry.path}`);
        }
        if (lines.length > 0)
          git(["update-index", "--index-info"], Buffer.from(`${lines.join("\n")}\n`), env);
        const sha = git(["write-tree"], undefined, env);
        return ok(
          { sha, url: objectUrl(ctx, "trees", sha), truncated: false, tree: treeListing(git, ctx, sha) },
          201,
        );
      } finally {
        rmSync(indexDir, { recursive: true, force: true });
      }
    }),

  "git/create-commit": (ctx) =>
    withGit(ctx, (git) => {
      const tree = String(ctx.body.tree ?? "");
      const parents = (ctx.body.parents ?? []) as string[];
      if (!objectIs(git, tree, "tree")) return githubError(422, "Tree SHA does not exist");
      for (const parent of parents) {
        if (!objectIs(git, parent, "commit"))
          return githubError(422, "Parent SHA does not exist or is not a commit object");
      }
      const author = ctx.body.author as Identity | undefined;
      const committer = (ctx.body.committer as Identity | undefined) ?? author;
      // GitHub signs what it writes itself: commits by the token's identity, without overrides.
      const signedByGitHub = !author && !committer && !ctx.body.signature;
      const appIdentity = { name: ctx.user.login, email: `${ctx.user.login}@users.noreply.github.com` };
      const who = author ?? appIdentity;
      const by = committer ?? (signedByGitHub ? { name: "GitHub", email: "noreply@github.com" } : who);
      const date = ctx.now();
      const sha = git(
        ["commit-tree", tree, ...parents.flatMap((p) => ["-p", p]), "-F", "-"],
        Buffer.from(String(ctx.body.message ?? "")),
        {
          GIT_AUTHOR_NAME: who.name,
          GIT_AUTHOR_EMAIL: who.email,
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_NAME: by.name,
          GIT_COMMITTER_EMAIL: by.email,
          GIT_COMMITTER_DATE: date,
        },
      );
      return ok(
        {
          sha,
          node_id: `C_${sha}`,
          url: objectUrl(ctx, "commits", sha),
          html_url: `${ctx.htmlBase}/${ctx.params.owner}/${ctx.params.repo}/commit/${sha}`,
          author: { ...who, date },
          committer: { ...by, date },
          message: String(ctx.body.message ?? ""),
          tree: { sha: tree, url: objectUrl(ctx, "trees", tree) },
          parents: parents.map((p) => ({
            sha: p,
            url: objectUrl(ctx, "commits", p),
            html_url: `${ctx.htmlBase}/${ctx.params.owner}/${ctx.params.repo}/commit/${p}`,
          })),
          verification: {
            verified: signedByGitHub,
            reason: signedByGitHub ? "valid" : "unsigned",
            signature: null,
            payload: null,
            verified_at: signedByGitHub ? date : null,
          },
        },
        201,
      );
    }),

  "git/get-ref": (ctx) =>
    withGit(ctx, (git) => {
      const sha = refSha(git, ctx.params.ref ?? "");
      return sha ? ok(refJson(ctx, ctx.params.ref ?? "", sha)) : notFound();
    }),

  "git/update-ref": (ctx) =>
    withGit(ctx, (git, _gitDir, repo) => {
      const ref = ctx.params.ref ?? "";
      const current = refSha(git, ref);
      if (!current) return githubError(422, "Reference does not exist");
      const next = String(ctx.body.sha ?? "");
      if (!objectIs(git, next, "commit")) return githubError(422, "Object does not exist");
      if (ctx.body.force !== true && !isAncestor(git, current, next)) {
        return githubError(422, "Update is not a fast forward");
      }
      git(["update-ref", `refs/${ref}`, next, current]);
      // An open PR whose head is this branch now points at the new commit, as on GitHub.
      for (const pull of ctx.state.pulls.values()) {
        if (pull.repo === repo.fullName && pull.state === "open" && `heads/${pull.head.ref}` === ref)
          pull.head.sha = next;
      }
      return ok(refJson(ctx, ref, next));
    }),
};

interface TreeEntryInput {
  path: string;
  mode: string;
  type: "blob" | "tree" | "commit";
  sha?: string | null;
  content?: string;
}

interface Identity {
  name: string;
  email: string;
}

type Git = (args: string[], input?: Buffer, env?: Record<string, string>) => string;

function withGit(
  ctx: RouteContext,
  handle: (git: Git, gitDir: string, repo: RepoState) => ReturnType<RouteTable[string]>,
): ReturnType<RouteTable[string]> {
  const repo = ctx.repo();
  if (!repo) return notFound();
  const gitDir = repo.gitDir;
  if (!gitDir) return githubError(409, "Git Repository is empty.");
  const git: Git = (args, input, env) =>
    execFileSync("git", ["--git-dir", gitDir, ...args], {
      ...(input === undefined ? {} : { input }),
      env: { ...process.env, ...env },
      encoding: "utf8",
      stdio: ["pipe", "pipe", "pipe"],
    }).trim();
  return handle(git, gitDir, repo);
}

function objectIs(git: Git, sha: string, type: string): boolean {
  if (!/^[0-9a-f]{40}$/.test(sha)) return false;
  try {
    return git(["cat-file", "-t", sha]) === type;
  } catch {
    return false;
  }
}

function refSha(git: Git, ref: string): string | undefined {
  if (!/^(heads|tags)\/[^\s~^:?*[\\]+$/.test(ref)) return undefined;
  try {
    return git(["rev-parse", "--verify", "-q", `refs/${ref}^{commit}`]);
  } catch {
    return undefined;
  }
}

function isAncestor(git: Git, ancestor: string, descendant: string): boolean {
  try {
    git(["merge-base", "--is-ancestor", ancestor, descendant]);
    return true;
  } catch {
    return false;
  }
}

function treeListing(git: Git, ctx: RouteContext, sha: string) {
  return git(["ls-tree", "-l", sha])
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [meta = "", path = ""] = line.split("\t");
      const [mode = "", type = "", entrySha = "", size = "-"] = meta.split(/\s+/);
      return {
        path,
        mode,
        type,
        sha: entrySha,
        ...(size === "-" ? {} : { size: Number(size) }),
        url: objectUrl(ctx, type === "tree" ? "trees" : "blobs", entrySha),
      };
    });
}

function objectUrl(ctx: RouteContext, kind: string, sha: string): string {
  return `${ctx.url.origin}/repos/${ctx.params.owner}/${ctx.params.repo}/git/${kind}/${sha}`;
}

function refJson(ctx: RouteContext, ref: string, sha: string) {
  return {
    ref: `refs/${ref}`,
    node_id: `REF_${sha}`,
    url: `${ctx.url.origin}/repos/${ctx.params.owner}/${ctx.params.repo}/git/refs/${ref}`,
    object: { type: "commit", sha, url: objectUrl(ctx, "commits", sha) },
  };
}
