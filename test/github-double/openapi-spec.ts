import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * GitHub's official OpenAPI description (api.github.com) from `@octokit/openapi`, loaded once per process.
 * We read the non-dereferenced file (13 MB) instead of requiring the package entry point, which would
 * parse every published variant (~400 MB). The double only validates requests, so the first process
 * writes a trimmed copy (operations' parameters and request bodies plus the components they reach, no
 * prose) to node_modules/.cache, keyed by the package version; later test files parse that instead.
 */
export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: JsonSchema;
}

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  operationId: string;
  parameters?: Array<OpenApiParameter | { $ref: string }>;
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components: Record<string, Record<string, unknown>>;
}

let cached: OpenApiDocument | undefined;

export function loadGitHubOpenApi(): OpenApiDocument {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const file = require.resolve("@octokit/openapi/generated/api.github.com.json");
  const { version } = require("@octokit/openapi/package.json") as { version: string };
  const cacheFile = join(
    dirname(file),
    "..",
    "..",
    "..",
    ".cache",
    "github-double",
    `api.github.com-${version}.requests.json`,
  );
  try {
    cached = JSON.parse(readFileSync(cacheFile, "utf8")) as OpenApiDocument;
    return cached;
  } catch {
    // no cache yet (or unreadable): build it below
  }
  cached = trimForRequests(JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument);
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(cached));
    renameSync(tmp, cacheFile); // atomic: parallel test workers never read a half-written file
  } catch {
    // a read-only node_modules only costs speed
  }
  return cached;
}

const PROSE = new Set(["description", "summary", "example", "examples", "externalDocs", "x-github", "tags"]);

/** Keeps what request validation needs: operation ids, parameters, request bodies and reachable components. */
export function trimForRequests(doc: OpenApiDocument): OpenApiDocument {
  const components: Record<string, Record<string, unknown>> = {};
  const strip = (node: unknown, inPropertiesMap = false): unknown => {
    if (Array.isArray(node)) return node.map((n) => strip(n));
    if (!node || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      // Inside `properties`, keys are field names (a body may well have a `description` field).
      if (!inPropertiesMap && PROSE.has(k)) continue;
      if (k === "$ref" && typeof v === "string") reach(v);
      out[k] = strip(v, !inPropertiesMap && k === "properties");
    }
    return out;
  };
  const reach = (ref: string) => {
    const m = /^#\/components\/([^/]+)\/(.+)$/.exec(ref);
    if (!m) return;
    const [, section, name] = m as unknown as [string, string, string];
    components[section] ??= {};
    if (name in components[section]!) return;
    components[section]![name] = {};
    components[section]![name] = strip(resolvePointer(doc, ref));
  };
  const paths: OpenApiDocument["paths"] = {};
  for (const [template, item] of Object.entries(doc.paths)) {
    const ops: Record<string, unknown> = {};
    for (const [method, op] of Object.entries(item)) {
      if (!op || typeof op !== "object" || !("operationId" in op)) continue;
      const o = op as OpenApiOperation;
      ops[method] = {
        operationId: o.operationId,
        ...(o.parameters ? { parameters: strip(o.parameters) } : {}),
        ...(o.requestBody ? { requestBody: strip(o.requestBody) } : {}),
      };
    }
    paths[template] = ops;
  }
  return { openapi: doc.openapi, paths, components };
}

/** Resolves a local `#/components/...` JSON pointer inside the spec. */
export function resolvePointer(doc: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`only local refs are supported, got ${ref}`);
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    node = (node as Record<string, unknown> | undefined)?.[key];
  }
  if (node === undefined) throw new Error(`unresolvable ref ${ref}`);
  return node;
}
