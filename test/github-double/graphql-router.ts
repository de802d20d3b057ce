import {
  type DocumentNode,
  type ExecutionResult,
  execute,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import type { DoubleResponse } from "./double-response.js";
import { ok } from "./double-response.js";
import type { DoubleState, UserRef } from "./double-state.js";
import {
  GithubGraphqlError,
  GraphqlNotImplemented,
  GraphqlRequestRejected,
  reviewThreadRoots,
} from "./graphql-review-threads.js";
import { loadGitHubGraphqlSchema } from "./graphql-schema.js";
import type { SpecViolation } from "./request-validator.js";

/** Top-level fields the double executes; anything else is answered with a GraphQL error. */
const SUPPORTED: Record<"query" | "mutation", ReadonlySet<string>> = {
  query: new Set(["repository"]),
  mutation: new Set(["resolveReviewThread"]),
};

/** A GraphQL request after validation: either already answered, or ready to run against the state. */
export interface CheckedGraphqlRequest {
  /** `graphql/<top-level fields>`, e.g. `graphql/resolveReviewThread` (fault injection and call log key). */
  operationId: string;
  violations: SpecViolation[];
  /** Set when the request is answered without execution (invalid document, unsupported operation). */
  answer?: DoubleResponse;
  /** Unsupported operations (the GraphQL counterpart of a REST 501). */
  unhandled: boolean;
  execute(
    state: DoubleState,
    viewer: UserRef,
  ): { response: DoubleResponse; violations: SpecViolation[]; unhandled: boolean };
}

/**
 * GitHub's GraphQL endpoint (`POST /graphql`) for the double. Each document is parsed and validated with
 * graphql-js against GitHub's real schema (`@octokit/graphql-schema`), variables are coerced against the
 * operation's definitions; what GitHub would reject becomes a recorded violation and an `errors` answer.
 * Only the review-thread query and `resolveReviewThread` run against the state.
 */
export class GraphqlRouter {
  private readonly schema: GraphQLSchema = loadGitHubGraphqlSchema();

  check(body: unknown, path: string): CheckedGraphqlRequest {
    const violation = (field: string, message: string): SpecViolation => ({
      operationId: "graphql",
      method: "POST",
      path,
      field,
      message,
    });
    const answered = (
      operationId: string,
      errors: unknown[],
      violations: SpecViolation[],
      unhandled = false,
    ): CheckedGraphqlRequest => ({
      operationId,
      violations,
      unhandled,
      answer: ok({ errors }),
      execute: () => {
        throw new Error("already answered");
      },
    });

    const b = (body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
    if (typeof b.query !== "string") {
      const message = "A query attribute must be specified and must be a string.";
      return answered("graphql", [{ message }], [violation("query", message)]);
    }
    const variables = b.variables ?? {};
    if (typeof variables !== "object" || Array.isArray(variables)) {
      const message = "Variables are invalid JSON.";
      return answered("graphql", [{ message }], [violation("variables", message)]);
    }
    let document: DocumentNode;
    try {
      document = parse(b.query);
    } catch (error) {
      const e = error as GraphQLError;
      return answered("graphql", [formatError(e)], [violation(`query${at(e)}`, e.message)]);
    }
    const invalid = validate(this.schema, document);
    if (invalid.length > 0) {
      return answered(
        "graphql",
        invalid.map(formatError),
        invalid.map((e) => violation(`query${at(e)}`, e.message)),
      );
    }
    const operationName = typeof b.operationName === "string" ? b.operationName : undefined;
    const operation = getOperationAST(document, operationName);
    if (!operation) {
      const message = operationName
        ? `No operation named "${operationName}"`
        : "An operation name is required when the document has several operations";
      return answered("graphql", [{ message }], [violation("operationName", message)]);
    }
    const fields = topLevelFields(operation);
    const operationId = `graphql/${fields.join(",") || "?"}`;
    const kind = operation.operation;
    const supported =
      kind !== "subscription" && fields.length > 0 && fields.every((f) => SUPPORTED[kind].has(f));
    if (!supported) {
      const message = `the GitHub double does not implement ${kind} ${fields.join(", ") || "(fragments)"}; it executes only ${[...SUPPORTED.query].join(", ")} and ${[...SUPPORTED.mutation].join(", ")}`;
      return answered(operationId, [{ type: "NOT_IMPLEMENTED", message }], [], true);
    }

    return {
      operationId,
      violations: [],
      unhandled: false,
      execute: (state, viewer) => {
        const roots = reviewThreadRoots(state, viewer);
        const result = execute({
          schema: this.schema,
          document,
          rootValue: kind === "mutation" ? roots.mutation : roots.query,
          variableValues: variables as Record<string, unknown>,
          ...(operationName ? { operationName } : {}),
          fieldResolver: strictFieldResolver,
        }) as ExecutionResult;
        const errors = result.errors ?? [];
        const violations = errors
          // No path: the variables did not match the operation's definitions. Rejected: GitHub's own rules.
          .filter((e) => e.path === undefined || e.originalError instanceof GraphqlRequestRejected)
          .map((e) => ({ ...violation(e.path ? e.path.join(".") : "variables", e.message), operationId }));
        const unhandled = errors.some((e) => e.originalError instanceof GraphqlNotImplemented);
        const response = ok({
          ...("data" in result ? { data: result.data ?? null } : {}),
          ...(errors.length > 0 ? { errors: errors.map(formatError) } : {}),
        });
        return { response, violations, unhandled };
      },
    };
  }
}

/** Resolves a field from a same-named property (called with the arguments when it is a function). */
const strictFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, _ctx, info) => {
  const record = source as Record<string, unknown> | null;
  if (record && typeof record === "object" && info.fieldName in record) {
    const value = record[info.fieldName];
    return typeof value === "function" ? (value as (a: unknown) => unknown)(args) : value;
  }
  throw new GraphqlNotImplemented(
    `the GitHub double does not implement ${info.parentType.name}.${info.fieldName}`,
  );
};

function topLevelFields(operation: OperationDefinitionNode): string[] {
  const names: string[] = [];
  for (const s of operation.selectionSet.selections) {
    if (s.kind !== Kind.FIELD) return [];
    if (s.name.value !== "__typename") names.push(s.name.value);
  }
  return names;
}

/** GitHub's error shape: `type` next to `message`, `locations` and `path`. */
function formatError(e: GraphQLError): Record<string, unknown> {
  const original = e.originalError;
  return {
    ...(original instanceof GithubGraphqlError ? { type: original.type } : {}),
    message: e.message,
    ...(e.locations ? { locations: e.locations } : {}),
    ...(e.path ? { path: e.path } : {}),
  };
}

function at(e: GraphQLError): string {
  const loc = e.locations?.[0];
  return loc ? ` (line ${loc.line}, column ${loc.column})` : "";
}
