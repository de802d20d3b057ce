import { readFile } from "node:fs/promises";
import { parseSync } from "@swc/core";

/** Fields of a PR whose comparison decides whether its head is a fork (src/jobs/shared/pull-request-ref.ts). */
const REPOSITORY_FACTS = new Set(["headRepoFullName", "baseRepoFullName"]);

/**
 * The places a TypeScript source looks at what decides forkness: the parsed PR's repository names
 * (`pr.headRepoFullName`, `pr["baseRepoFullName"]`, `{ headRepoFullName } = pr`), a payload's head
 * repository (`….head.repo`, `head.repo`) or GitHub's own `repo.fork` flag. Parsed, so comments and
 * strings that merely mention them do not count. Each finding names what was read.
 */
export function findForkDecisions(source: string): string[] {
  const program = parseSync(source, { syntax: "typescript", target: "es2022" });
  const found: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    if (isNode(node)) {
      if (node.type === "MemberExpression") {
        const name = propertyName(node.property);
        if (name !== undefined && REPOSITORY_FACTS.has(name)) found.push(name);
        if (name === "repo" && isHead(node.object)) found.push("head.repo");
        if (name === "fork" && isNode(node.object) && node.object.type === "MemberExpression") {
          if (propertyName(node.object.property) === "repo") found.push("repo.fork");
        }
      }
      if (node.type === "ObjectPattern" && Array.isArray(node.properties)) {
        for (const property of node.properties) {
          const key = isNode(property) ? propertyName(property.key) : undefined;
          if (key !== undefined && REPOSITORY_FACTS.has(key)) found.push(key);
        }
      }
    }
    // swc wraps call arguments and array elements in objects without a `type`: walk through those too.
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(program.body);
  return found;
}

export async function findForkDecisionsInFile(path: string): Promise<string[]> {
  return findForkDecisions(await readFile(path, "utf8"));
}

type AstNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}

/** `head` itself, or any `….head`. */
function isHead(node: unknown): boolean {
  if (!isNode(node)) return false;
  if (node.type === "Identifier") return node.value === "head";
  return node.type === "MemberExpression" && propertyName(node.property) === "head";
}

function propertyName(node: unknown): string | undefined {
  if (!isNode(node)) return undefined;
  if (node.type === "Identifier" && typeof node.value === "string") return node.value;
  if (node.type === "StringLiteral" && typeof node.value === "string") return node.value;
  if (node.type === "Computed" && isNode(node.expression) && node.expression.type === "StringLiteral")
    return String(node.expression.value);
  return undefined;
}
