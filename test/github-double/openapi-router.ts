import type { OpenApiDocument, OpenApiOperation } from "./openapi-spec.js";

export interface MatchedOperation {
  operationId: string;
  /** The spec's path template, e.g. `/repos/{owner}/{repo}/pulls/{pull_number}`. */
  template: string;
  method: string;
  operation: OpenApiOperation;
  pathParams: Record<string, string>;
}

interface Route {
  template: string;
  segments: string[];
  literalCount: number;
  methods: Map<string, OpenApiOperation>;
}

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);

/**
 * Maps a concrete request (method + path) to the spec operation GitHub would run. Literal segments win
 * over parameters, so `/pulls/comments/{comment_id}` beats `/pulls/{pull_number}/...`.
 */
export class OpenApiRouter {
  private readonly bySegmentCount = new Map<number, Route[]>();

  constructor(doc: OpenApiDocument) {
    for (const [template, item] of Object.entries(doc.paths)) {
      const segments = template.split("/").slice(1);
      const methods = new Map<string, OpenApiOperation>();
      for (const [method, op] of Object.entries(item)) {
        if (HTTP_METHODS.has(method)) methods.set(method.toUpperCase(), op as OpenApiOperation);
      }
      const route: Route = {
        template,
        segments,
        literalCount: segments.filter((s) => !s.includes("{")).length,
        methods,
      };
      const list = this.bySegmentCount.get(segments.length) ?? [];
      list.push(route);
      this.bySegmentCount.set(segments.length, list);
    }
    for (const list of this.bySegmentCount.values()) list.sort((a, b) => b.literalCount - a.literalCount);
  }

  /** `undefined` when no path matches; `{ allowed }` lists the methods when the path exists but not the method. */
  match(method: string, pathname: string): MatchedOperation | { allowed: string[] } | undefined {
    const parts = pathname.split("/").slice(1).map(decodeURIComponent);
    let pathOnly: Route | undefined;
    for (const route of this.bySegmentCount.get(parts.length) ?? []) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      const operation = route.methods.get(method.toUpperCase());
      if (!operation) {
        pathOnly ??= route;
        continue;
      }
      return {
        operationId: operation.operationId,
        template: route.template,
        method,
        operation,
        pathParams: params,
      };
    }
    return pathOnly ? { allowed: [...pathOnly.methods.keys()] } : undefined;
  }
}

function matchSegments(template: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < template.length; i++) {
    const t = template[i]!;
    const p = parts[i]!;
    if (t.startsWith("{") && t.endsWith("}")) {
      if (p === "") return undefined;
      params[t.slice(1, -1)] = p;
    } else if (t.includes("{")) {
      // Mixed segments such as `{base}...{head}`: turn the template segment into a regex.
      const names: string[] = [];
      const source = t.replace(
        /\{([^}]+)\}|([^{]+)/g,
        (_m, name: string | undefined, lit: string | undefined) => {
          if (name) {
            names.push(name);
            return "(.+?)";
          }
          return (lit ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        },
      );
      const m = new RegExp(`^${source}$`).exec(p);
      if (!m) return undefined;
      names.forEach((n, j) => {
        params[n] = m[j + 1]!;
      });
    } else if (t !== p) {
      return undefined;
    }
  }
  return params;
}
