import { parseSync } from "oxc-parser";

const ajvPackage = /^ajv($|[/-])/;

/**
 * Lines where a source constructs an Ajv instance itself (`new` on anything imported from ajv,
 * ajv-draft-04 or another ajv package, statically or with `await import`, also through `.default`)
 * or imports ajv-formats. Type-only imports are ignored: naming the `Ajv` type makes no instance.
 */
export function findAjvConstructions(fileName: string, source: string): number[] {
  const { program } = parseSync(fileName, source, { lang: fileName.endsWith("ts") ? "ts" : "js" });
  const ajvNames = new Set<string>();
  const lines: number[] = [];
  const lineOf = (offset: number): number => source.slice(0, offset).split("\n").length;

  for (const statement of program.body) {
    if (statement.type !== "ImportDeclaration" || statement.importKind === "type") continue;
    const from = String(statement.source.value);
    if (!ajvPackage.test(from)) continue;
    if (from === "ajv-formats") lines.push(lineOf(statement.start));
    for (const specifier of statement.specifiers) {
      if (specifier.type === "ImportSpecifier" && specifier.importKind === "type") continue;
      ajvNames.add(specifier.local.name);
    }
  }

  const isAjvImport = (node: AstNode | undefined): boolean => {
    const awaited = node?.type === "AwaitExpression" ? (node.argument as AstNode) : node;
    const source = awaited?.type === "ImportExpression" ? (awaited.source as AstNode) : undefined;
    return source?.type === "Literal" && ajvPackage.test(String(source.value));
  };
  const refersToAjv = (node: AstNode | undefined): boolean =>
    (node?.type === "Identifier" && ajvNames.has(String(node.name))) ||
    (node?.type === "MemberExpression" && refersToAjv(node.object as AstNode));

  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === "VariableDeclarator") {
      const id = node.id as AstNode;
      const init = node.init as AstNode | undefined;
      if (isAjvImport(init) || refersToAjv(init)) {
        if (id.type === "Identifier") ajvNames.add(String(id.name));
        if (id.type === "ObjectPattern")
          for (const property of id.properties as AstNode[]) {
            const value = property.value as AstNode | undefined;
            if (value?.type === "Identifier") ajvNames.add(String(value.name));
          }
      }
      if (isAjvImport(init) && /ajv-formats/.test(source.slice(init!.start as number, init!.end as number)))
        lines.push(lineOf(init!.start as number));
    }
    if (node.type === "NewExpression" && refersToAjv(node.callee as AstNode))
      lines.push(lineOf(node.start as number));
    for (const value of Object.values(node)) if (typeof value === "object") visit(value);
  };
  visit(program.body);
  return [...new Set(lines)].sort((a, b) => a - b);
}

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}
