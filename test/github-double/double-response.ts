/** What a route handler answers; the server turns it into an HTTP response. */
export interface DoubleResponse {
  status: number;
  body?: unknown;
  /** Raw text body (e.g. a diff); wins over `body`. */
  text?: string;
  headers?: Record<string, string>;
}

export const ok = (body: unknown, status = 200, headers?: Record<string, string>): DoubleResponse =>
  headers ? { status, body, headers } : { status, body };

export const noContent = (): DoubleResponse => ({ status: 204 });

/** GitHub's error envelope: `message`, optional `errors`, `documentation_url`, `status` as a string. */
export function githubError(status: number, message: string, errors?: unknown[]): DoubleResponse {
  return {
    status,
    body: {
      message,
      ...(errors ? { errors } : {}),
      documentation_url: "https://docs.github.com/rest",
      status: String(status),
    },
  };
}

export const notFound = (): DoubleResponse => githubError(404, "Not Found");

/** Slices a list like GitHub does (`per_page` default 30, max 100) and sets the `Link` header. */
export function paginate<T>(items: T[], query: URLSearchParams, requestUrl: URL): DoubleResponse {
  const perPage = Math.min(Number(query.get("per_page") ?? 30) || 30, 100);
  const page = Math.max(Number(query.get("page") ?? 1) || 1, 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number, rel: string) => {
    const u = new URL(requestUrl);
    u.searchParams.set("per_page", String(perPage));
    u.searchParams.set("page", String(p));
    return `<${u.toString()}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
  if (page > 1) links.push(link(1, "first"), link(page - 1, "prev"));
  return links.length > 0 ? ok(slice, 200, { link: links.join(", ") }) : ok(slice);
}
