import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEAD_SHA, SAMPLE_DIFF, testClient } from "../github/pr-fixture.js";
import { GitHubDouble } from "./index.js";

let gh: GitHubDouble;

beforeAll(async () => {
  gh = await GitHubDouble.start();
  gh.addRepo("acme", "app");
  gh.addPullRequest({ owner: "acme", repo: "app", number: 3, diff: SAMPLE_DIFF, headSha: HEAD_SHA });
});
afterAll(async () => {
  await gh.close();
});

async function raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${gh.url}${path}`, {
    method,
    headers: { authorization: `token ${gh.token}`, "content-type": "application/json", ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    json: res.headers.get("content-type")?.includes("json")
      ? (JSON.parse(text) as Record<string, unknown>)
      : undefined,
  };
}

describe("GitHubDouble: OpenAPI validation", () => {
  it("rejects a body field the operation's schema does not define, naming it, and records the violation", async () => {
    const before = gh.violations.length;
    const res = await raw("POST", "/repos/acme/app/pulls/3/reviews", {
      event: "COMMENT",
      body: "x",
      comments: [{ path: "src/app.ts", lines: 3, body: "typo in field name" }],
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain("body.comments[0].lines");
    expect(gh.violations.slice(before).map((v) => v.field)).toEqual(["body.comments[0].lines"]);
    gh.violations.length = before;
  });

  it("rejects a wrongly typed body field and an enum outside the spec", async () => {
    const res = await raw("POST", "/repos/acme/app/pulls/3/reviews", {
      event: "LGTM",
      body: "x",
      comments: [{ path: "src/app.ts", line: "3", body: "b" }],
    });
    expect(res.status).toBe(422);
    const fields = gh.violations.splice(0).map((v) => v.field);
    expect(fields).toContain("body.event");
    expect(fields).toContain("body.comments[0].line");
  });

  it("rejects more than 50 annotations per check-run request (the spec's maxItems)", async () => {
    const annotations = Array.from({ length: 51 }, (_, i) => ({
      path: "a.ts",
      start_line: i + 1,
      end_line: i + 1,
      annotation_level: "warning",
      message: "m",
    }));
    const res = await raw("POST", "/repos/acme/app/check-runs", {
      name: "c",
      head_sha: HEAD_SHA,
      output: { title: "t", summary: "s", annotations },
    });
    expect(res.status).toBe(422);
    expect(gh.violations.splice(0).map((v) => v.field)).toEqual(["body.output.annotations"]);
  });

  it("still validates body fields named like OpenAPI prose keys (description, summary)", async () => {
    const res = await raw("POST", "/repos/acme/app/labels", { name: "x", description: 5 });
    expect(res.status).toBe(422);
    expect(gh.violations.splice(0).map((v) => v.field)).toEqual(["body.description"]);
  });

  it("rejects bad path and query parameters", async () => {
    expect((await raw("GET", "/repos/acme/app/pulls/abc")).status).toBe(422);
    expect((await raw("GET", "/repos/acme/app/pulls/3/files?perpage=5")).status).toBe(422);
    expect(gh.violations.splice(0).map((v) => v.field)).toEqual(["path.pull_number", "query.perpage"]);
  });

  it("answers 404 for a route GitHub does not have and records it", async () => {
    const res = await raw("POST", "/repos/acme/app/pulls/3/approve", {});
    expect(res.status).toBe(404);
    expect(gh.violations.splice(0)).toMatchObject([{ field: "path", method: "POST" }]);
  });

  it("accepts a valid request without violations and counts calls by operation id", async () => {
    gh.resetCalls();
    const res = await raw("GET", "/repos/acme/app/pulls/3");
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ number: 3, head: { sha: HEAD_SHA } });
    expect(gh.callCounts()).toEqual({ "pulls/get": 1 });
    expect(gh.violations).toEqual([]);
  });

  it("returns the diff text for the diff media type", async () => {
    const res = await raw("GET", "/repos/acme/app/pulls/3", undefined, {
      accept: "application/vnd.github.diff",
    });
    expect(res.status).toBe(200);
    expect(res.text).toBe(SAMPLE_DIFF);
  });

  it("answers 401 for an unknown token", async () => {
    const res = await fetch(`${gh.url}/repos/acme/app`, { headers: { authorization: "token nope" } });
    expect(res.status).toBe(401);
  });
});

describe("GitHubDouble: behaviour GitHub enforces beyond the schema", () => {
  it("422s a review comment whose line is not in the diff, like GitHub", async () => {
    const res = await raw("POST", "/repos/acme/app/pulls/3/reviews", {
      event: "COMMENT",
      body: "x",
      comments: [{ path: "src/app.ts", line: 10, side: "RIGHT", body: "between hunks" }],
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain("must be part of the diff");
    expect(gh.violations).toEqual([]); // behaviour, not a schema violation
  });

  it("422s a range comment that spans two hunks", async () => {
    const res = await raw("POST", "/repos/acme/app/pulls/3/reviews", {
      event: "COMMENT",
      body: "x",
      comments: [
        { path: "src/app.ts", start_line: 5, line: 22, side: "RIGHT", start_side: "RIGHT", body: "b" },
      ],
    });
    expect(res.status).toBe(422);
    expect(res.text).toContain("same hunk");
  });

  it("injects a secondary rate limit with retry-after and a 502, once each", async () => {
    gh.failNext("repos/get", { kind: "secondary_rate_limit", retryAfterSeconds: 7 });
    gh.failNext("repos/get", { kind: "server_error", status: 502 });
    const first = await fetch(`${gh.url}/repos/acme/app`, {
      headers: { authorization: `token ${gh.token}` },
    });
    expect(first.status).toBe(403);
    expect(first.headers.get("retry-after")).toBe("7");
    expect(await first.text()).toContain("secondary rate limit");
    expect((await raw("GET", "/repos/acme/app")).status).toBe(502);
    expect((await raw("GET", "/repos/acme/app")).status).toBe(200);
  });

  it("issues installation tokens for an App JWT that then authenticate", async () => {
    const res = await fetch(`${gh.url}/app/installations/42/access_tokens`, {
      method: "POST",
      headers: { authorization: "Bearer aaa.bbb.ccc", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(201);
    const { token } = (await res.json()) as { token: string };
    const repo = await fetch(`${gh.url}/repos/acme/app`, { headers: { authorization: `token ${token}` } });
    expect(repo.status).toBe(200);
  });

  it("serves under a GHES-style path prefix through octokit's baseUrl", async () => {
    const ghes = await GitHubDouble.start({ pathPrefix: "/api/v3" });
    try {
      ghes.addRepo("acme", "app");
      expect(ghes.url.endsWith("/api/v3")).toBe(true);
      const { data } = await testClient(ghes).rest.repos.get({ owner: "acme", repo: "app" });
      expect(data.full_name).toBe("acme/app");
      expect(ghes.violations).toEqual([]);
    } finally {
      await ghes.close();
    }
  });
});
