import { readFileSync } from "node:fs";
import { buildSchema, type GraphQLSchema } from "graphql";

let cached: GraphQLSchema | undefined;

/**
 * GitHub's public GraphQL schema (api.github.com) from `@octokit/graphql-schema`, built once per process
 * (and only when a test sends GraphQL) from its SDL. The package's entry point also parses a 5 MB JSON
 * introspection result on import, so we read `schema.graphql` next to it instead.
 */
export function loadGitHubGraphqlSchema(): GraphQLSchema {
  if (cached) return cached;
  const sdl = readFileSync(new URL("schema.graphql", import.meta.resolve("@octokit/graphql-schema")), "utf8");
  cached = buildSchema(sdl, { assumeValidSDL: true });
  return cached;
}
