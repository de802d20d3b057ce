import type { Ajv, ErrorObject, ValidateFunction } from "ajv";
import { createAjv } from "../../src/json-schema/create-ajv.js";
import type { MatchedOperation } from "./openapi-router.js";
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiParameter,
  resolvePointer,
} from "./openapi-spec.js";

/** One way a request departs from GitHub's OpenAPI description. `field` names the offending input. */
export interface SpecViolation {
  operationId: string;
  method: string;
  path: string;
  /** e.g. `body.comments[0].line`, `query.per_page`, `path.pull_number`. */
  field: string;
  message: string;
}

/**
 * Validates path/query parameters and JSON bodies against the operation's schema. Body validators are
 * compiled lazily per operation (the spec has ~1,000 operations; a test touches a dozen).
 */
export class RequestValidator {
  private readonly ajv: Ajv;
  private readonly bodyValidators = new Map<string, ValidateFunction | Error>();

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv = createAjv({ schemas: "foreign", skipMetaValidation: true });
  }

  validate(
    match: MatchedOperation,
    query: URLSearchParams,
    body: unknown,
    hasBody: boolean,
    path: string,
  ): SpecViolation[] {
    const out: SpecViolation[] = [];
    const v = (field: string, message: string) =>
      out.push({ operationId: match.operationId, method: match.method, path, field, message });

    const params = (match.operation.parameters ?? []).map((p) =>
      "$ref" in p ? (resolvePointer(this.doc, p.$ref) as OpenApiParameter) : p,
    );
    for (const p of params.filter((x) => x.in === "path")) {
      const value = match.pathParams[p.name];
      if (value === undefined) v(`path.${p.name}`, "missing path parameter");
      else checkScalar(p, value, (m) => v(`path.${p.name}`, m));
    }
    const queryParams = new Map(params.filter((x) => x.in === "query").map((p) => [p.name, p]));
    for (const [name, value] of query) {
      const p = queryParams.get(name);
      if (!p) v(`query.${name}`, `unknown query parameter for ${match.operationId}`);
      else checkScalar(p, value, (m) => v(`query.${name}`, m));
    }
    for (const p of queryParams.values()) {
      if (p.required && !query.has(p.name)) v(`query.${p.name}`, "missing required query parameter");
    }

    const bodySchema = match.operation.requestBody?.content?.["application/json"]?.schema;
    if (!bodySchema) {
      if (hasBody && body !== undefined && !isEmptyObject(body))
        v("body", `${match.operationId} accepts no request body`);
      return out;
    }
    if (!hasBody) {
      if (match.operation.requestBody?.required) v("body", "request body is required");
      return out;
    }
    const validateBody = this.bodyValidator(match.operationId, bodySchema);
    if (validateBody instanceof Error) return out; // an uncompilable spec fragment must not fail the test
    if (!validateBody(body)) {
      for (const e of validateBody.errors ?? []) v(fieldOf(e), e.message ?? "invalid");
    }
    for (const unknown of findUnknownProperties(body, bodySchema, this.doc, "body")) {
      v(unknown, "property is not defined by the operation's schema");
    }
    return out;
  }

  private bodyValidator(operationId: string, schema: JsonSchema): ValidateFunction | Error {
    let fn = this.bodyValidators.get(operationId);
    if (!fn) {
      try {
        fn = this.ajv.compile(selfContained(schema, this.doc));
      } catch (error) {
        fn = error instanceof Error ? error : new Error(String(error));
      }
      this.bodyValidators.set(operationId, fn);
    }
    return fn;
  }
}

function isEmptyObject(body: unknown): boolean {
  return typeof body === "object" && body !== null && Object.keys(body).length === 0;
}

function fieldOf(e: ErrorObject): string {
  const base = `body${e.instancePath.replace(/\/(\d+)(?=\/|$)/g, "[$1]").replaceAll("/", ".")}`;
  const params = e.params as Record<string, unknown>;
  if (typeof params.missingProperty === "string") return `${base}.${params.missingProperty}`;
  if (typeof params.additionalProperty === "string") return `${base}.${params.additionalProperty}`;
  return base;
}

/**
 * Copies the operation's schema with every `#/components/...` it reaches (transitively) moved under
 * `definitions`, so ajv compiles only what this operation needs instead of the whole spec.
 */
function selfContained(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const definitions: Record<string, unknown> = {};
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    const ref = (node as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/components/")) {
      const key = ref.slice("#/components/".length).replaceAll("/", "__");
      if (!(key in definitions)) {
        definitions[key] = {}; // placeholder first: schemas may be recursive
        definitions[key] = rewrite(resolvePointer(doc, ref));
      }
      return { $ref: `#/definitions/${key}` };
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = rewrite(v);
    return out;
  };
  const root = rewrite(schema) as JsonSchema;
  return { ...root, definitions };
}

function checkScalar(p: OpenApiParameter, value: string, report: (message: string) => void): void {
  const schema = p.schema ?? {};
  const type = schema.type;
  if (type === "integer" && !/^-?\d+$/.test(value)) report(`must be integer, got "${value}"`);
  else if (type === "number" && Number.isNaN(Number(value))) report(`must be number, got "${value}"`);
  else if (type === "boolean" && value !== "true" && value !== "false")
    report(`must be boolean, got "${value}"`);
  const allowed = schema.enum as unknown[] | undefined;
  if (Array.isArray(allowed) && !allowed.map(String).includes(value)) {
    report(`must be one of ${allowed.join(", ")}, got "${value}"`);
  }
}

/**
 * GitHub's schemas rarely say `additionalProperties: false`, yet a misspelt field is silently ignored by
 * GitHub and breaks the feature. The double therefore treats any property that no branch of the schema
 * declares as a violation, unless the schema explicitly allows extra properties.
 */
export function findUnknownProperties(
  value: unknown,
  schema: unknown,
  doc: OpenApiDocument,
  path: string,
): string[] {
  const branches = flatten(schema, doc);
  if (Array.isArray(value)) {
    const itemSchemas = branches.map((b) => b.items).filter((x) => x !== undefined);
    if (itemSchemas.length === 0) return [];
    return value.flatMap((item, i) =>
      pickMatching(item, itemSchemas, doc).flatMap((s) =>
        findUnknownProperties(item, s, doc, `${path}[${i}]`),
      ),
    );
  }
  if (!value || typeof value !== "object") return [];
  const objectBranches = branches.filter((b) => b.type === "object" || b.properties !== undefined);
  if (objectBranches.length === 0) return [];
  if (objectBranches.some((b) => b.additionalProperties !== undefined && b.additionalProperties !== false))
    return [];
  if (!objectBranches.some((b) => b.properties !== undefined)) return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    const childSchemas = objectBranches
      .map((b) => (b.properties as Record<string, unknown> | undefined)?.[key])
      .filter((x) => x !== undefined);
    if (childSchemas.length === 0) {
      out.push(`${path}.${key}`);
      continue;
    }
    for (const s of pickMatching(child, childSchemas, doc))
      out.push(...findUnknownProperties(child, s, doc, `${path}.${key}`));
  }
  return [...new Set(out)];
}

/** Expands `$ref` and `allOf`/`anyOf`/`oneOf` into the list of schema objects that may describe a value. */
function flatten(schema: unknown, doc: OpenApiDocument, depth = 0): JsonSchema[] {
  if (!schema || typeof schema !== "object" || depth > 20) return [];
  let s = schema as JsonSchema;
  if (typeof s.$ref === "string") s = resolvePointer(doc, s.$ref) as JsonSchema;
  const out: JsonSchema[] = [s];
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const list = s[key];
    if (Array.isArray(list)) for (const sub of list) out.push(...flatten(sub, doc, depth + 1));
  }
  return out;
}

/** For `oneOf: [string, object]` style unions, only descend into branches whose type fits the value. */
function pickMatching(value: unknown, schemas: unknown[], doc: OpenApiDocument): unknown[] {
  const kind = Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
  if (kind !== "object" && kind !== "array") return [];
  return schemas.filter((s) =>
    flatten(s, doc).some(
      (b) => b.type === kind || (kind === "object" && b.properties !== undefined) || b.type === undefined,
    ),
  );
}
