/**
 * The fields of a pull request every door and job needs, read from a webhook payload or the REST API.
 * Whether its head may be trusted is decided in one place only: src/jobs/shared/pull-request-trust.ts.
 */
export interface PullRequestRef {
  number: number;
  headSha: string;
  headRef: string;
  baseSha: string;
  baseRef: string;
  headRepoFullName: string | undefined;
  baseRepoFullName: string;
  draft: boolean;
  /** As the payload or API said; absent when it did not say (a hand-built ref). */
  state?: "open" | "closed";
  /** A closed PR that was merged. */
  merged?: boolean;
  title: string;
  body: string;
  author: string;
}

export function pullRequestRef(value: unknown): PullRequestRef | undefined {
  const pr = asRecord(value);
  const head = asRecord(pr.head);
  const base = asRecord(pr.base);
  if (typeof pr.number !== "number" || typeof head.sha !== "string" || typeof base.sha !== "string") {
    return undefined;
  }
  const headRepo = asRecord(head.repo).full_name;
  return {
    number: pr.number,
    headSha: head.sha,
    headRef: String(head.ref ?? ""),
    baseSha: base.sha,
    baseRef: String(base.ref ?? ""),
    headRepoFullName: typeof headRepo === "string" ? headRepo : undefined,
    baseRepoFullName: String(asRecord(base.repo).full_name ?? ""),
    draft: pr.draft === true,
    ...(pr.state === "open" || pr.state === "closed" ? { state: pr.state } : {}),
    ...(pr.merged === true ? { merged: true } : {}),
    title: String(pr.title ?? ""),
    body: String(pr.body ?? ""),
    author: loginOf(pr.user) ?? "unknown",
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  // Stryker disable next-line ConditionalExpression: a string or number read as a record has none of our keys either
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}

function loginOf(user: unknown): string | undefined {
  const login = (user as { login?: unknown } | undefined)?.login;
  return typeof login === "string" ? login : undefined;
}
