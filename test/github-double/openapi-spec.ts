import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * GitHub's official OpenAPI description (api.github.com) from `@octokit/openapi`, loaded once per process.
 * We read the non-dereferenced file (13 MB, ~0.3 s to parse) instead of requiring the package entry point,
 * which would parse every published variant (~400 MB).
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
  if (!cached) {
    const require = createRequire(import.meta.url);
    const file = require.resolve("@octokit/openapi/generated/api.github.com.json");
    cached = JSON.parse(readFileSync(file, "utf8")) as OpenApiDocument;
  }
  return cached;
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
