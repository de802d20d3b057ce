import { readFile } from "node:fs/promises";
import { parseSync } from "@swc/core";

/**
 * Counts the places a TypeScript source reads the process environment: `process.env`,
 * `process["env"]`, `const { env } = process`, and `env` imported from `node:process`. Parsing
 * (rather than grepping) keeps comments and strings that merely mention `process.env` out of the count.
 */
export function countProcessEnvReads(source: string): number {
  const program = parseSync(source, { syntax: "typescript", target: "es2022" });
  const processNames = new Set(["process"]);
  let reads = 0;
  const isProcess = (node: unknown): boolean =>
    isNode(node) && node.type === "Identifier" && processNames.has(String(node.value));
  const isEnvKey = (node: unknown): boolean =>
    isNode(node) &&
    ((node.type === "Identifier" && node.value === "env") ||
      (node.type === "Computed" && isNode(node.expression) && node.expression.value === "env") ||
      (node.type === "StringLiteral" && node.value === "env"));

  for (const statement of program.body) {
    if (statement.type !== "ImportDeclaration") continue;
    if (statement.source.value !== "process" && statement.source.value !== "node:process") continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === "ImportSpecifier") {
        const imported = specifier.imported?.value ?? specifier.local.value;
        if (imported === "env") reads += 1;
      } else {
        processNames.add(specifier.local.value);
      }
    }
  }

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    // swc wraps call arguments and array elements in objects without a `type` ({ spread, expression }):
    // walk through those too, or a read passed as an argument goes unseen.
    if (!isNode(node)) {
      for (const value of Object.values(node)) if (typeof value === "object") visit(value);
      return;
    }
    if (node.type === "MemberExpression" && isProcess(node.object) && isEnvKey(node.property)) reads += 1;
    if (node.type === "VariableDeclarator" && isProcess(node.init) && isNode(node.id)) {
      const properties = node.id.type === "ObjectPattern" ? node.id.properties : [];
      if (
        Array.isArray(properties) &&
        properties.some((property) => isNode(property) && isEnvKey(property.key))
      )
        reads += 1;
    }
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(program.body);
  return reads;
}

export async function countProcessEnvReadsInFile(path: string): Promise<number> {
  return countProcessEnvReads(await readFile(path, "utf8"));
}

type AstNode = { type: string; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}
