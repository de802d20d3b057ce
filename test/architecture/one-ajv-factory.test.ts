import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findAjvConstructions } from "./ajv-constructions.js";

// Every validator comes from src/json-schema/create-ajv.ts, so options and formats are the same
// everywhere; this is the only file allowed to construct Ajv or load ajv-formats.
const factory = "src/json-schema/create-ajv.ts";
const scannedFolders = ["src", "lambda", "test", "bench", "scripts"];

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !/(^|\/)(node_modules|cdk\.out|out)\//.test(path));
}

describe("the one Ajv factory", () => {
  it("is the only place that constructs Ajv or loads ajv-formats", async () => {
    const found: Record<string, number[]> = {};
    for (const folder of scannedFolders) {
      for (const file of await sourcesUnder(folder)) {
        const lines = findAjvConstructions(file, await readFile(file, "utf8"));
        if (lines.length > 0) found[file] = lines;
      }
    }
    expect(Object.keys(found)).toEqual([factory]);
  });
});

describe("findAjvConstructions", () => {
  it("finds every way of making an Ajv", () => {
    expect(findAjvConstructions("a.ts", 'import { Ajv } from "ajv";\nconst a = new Ajv();')).toEqual([2]);
    expect(findAjvConstructions("a.ts", 'import A from "ajv";\n\nnew A.default({});')).toEqual([3]);
    expect(
      findAjvConstructions("a.ts", 'import d4 from "ajv-draft-04";\nconst D = d4.default;\nnew D({});'),
    ).toEqual([3]);
    expect(
      findAjvConstructions(
        "a.ts",
        'async function f() {\n  const { Ajv: K } = await import("ajv");\n  new K();\n}',
      ),
    ).toEqual([3]);
    expect(findAjvConstructions("a.ts", 'import addFormats from "ajv-formats";')).toEqual([1]);
    expect(findAjvConstructions("a.ts", 'async function f() {\n  await import("ajv-formats");\n}')).toEqual(
      [],
    );
    expect(
      findAjvConstructions("a.ts", 'async function f() {\n  const f = await import("ajv-formats");\n}'),
    ).toEqual([2]);
  });

  it("ignores types, other classes and the factory's callers", () => {
    const source = [
      'import type { Ajv } from "ajv";',
      'import { type ValidateFunction } from "ajv";',
      'import { createAjv } from "../json-schema/create-ajv.js";',
      "let a: Ajv = createAjv({ schemas: 'ours' });",
      "const m = new Map();",
    ].join("\n");
    expect(findAjvConstructions("a.ts", source)).toEqual([]);
  });
});
