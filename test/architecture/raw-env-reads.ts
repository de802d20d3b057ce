import { parseSync } from "oxc-parser";

type AstNode = { type: string; start: number; end: number; [key: string]: unknown };

const envObject = /(^|\.)(env|\w*Env)$/;
const variableName = /^[A-Z][A-Z0-9_]*$/;

/**
 * Lines where a source reads one variable out of an environment object by name: `env.MAX_TURNS`,
 * `process.env.HOME`, `deps.hostEnv["PATH"]`, `env[name]` (any object named `env` or `…Env`).
 * Writes (`env.HOME = …`, `delete env[name]`) are not reads. A door's settings module reads its
 * variables through its schema instead, so such a read anywhere else is a hand parser.
 */
export function findRawEnvReads(fileName: string, source: string): number[] {
  const { program } = parseSync(fileName, source, { lang: "ts" });
  const lines: number[] = [];
  const lineOf = (offset: number): number => source.slice(0, offset).split("\n").length;

  const visit = (node: unknown, parent: AstNode | undefined): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child, parent);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === "MemberExpression" && isNode(node.object) && isNode(node.property)) {
      const object = source.slice(node.object.start, node.object.end).replace(/\?$/, "");
      const named =
        node.computed === true ||
        (node.property.type === "Identifier" && variableName.test(String(node.property.name)));
      const written =
        (parent?.type === "AssignmentExpression" && parent.left === node) ||
        (parent?.type === "UnaryExpression" && parent.operator === "delete");
      if (envObject.test(object) && named && !written) lines.push(lineOf(node.start));
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "parent" && typeof value === "object") visit(value, node);
    }
  };
  visit(program.body, undefined);
  return lines;
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"
  );
}
