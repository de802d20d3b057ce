import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findOutsideReferences } from "./outside-references.js";

// Code and tests cite the repository's own docs (docs/protocol.md etc.), never a path outside it.
const scannedFolders = ["src", "lambda", "test", "bench", "scripts"];
const skippedFolders = new Set(["node_modules", "cdk.out", "out"]);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.split("/").some((part) => skippedFolders.has(part)));
}

describe("references outside the repository", () => {
  it("appear in no file under src, lambda, test, bench or scripts", async () => {
    const found: Record<string, string[]> = {};
    let scanned = 0;
    for (const folder of scannedFolders) {
      for (const file of await filesUnder(folder)) {
        scanned += 1;
        const references = findOutsideReferences(file, await readFile(file, "utf8"));
        if (references.length > 0) found[file] = references;
      }
    }
    expect(scanned).toBeGreaterThan(400);
    expect(found).toEqual({});
  });
});

describe("findOutsideReferences", () => {
  // Built from parts so this file does not hold the references it tests for.
  const workspace = "/work/" + "shared";
  const seedFile = "000_" + "e82ebd2dc928f55f";

  it("finds seed citations in comments and outside paths anywhere", () => {
    expect(findOutsideReferences("a.ts", "// seed: closing stdin ends the turn\nconst a = 1;\n")).toEqual([
      "line 1: seed: closing stdin ends the turn",
    ]);
    expect(
      findOutsideReferences("a.ts", "const a = 1;\n/** As the seed says (seed: stdin) */\n"),
    ).toHaveLength(1);
    expect(findOutsideReferences("a.ts", "// see seed line 104\n")).toHaveLength(1);
    expect(findOutsideReferences("a.ts", `const p = "${workspace}/notes/x.md";\n`)).toEqual([
      `line 1: const p = "${workspace}/notes/x.md";`,
    ]);
    expect(findOutsideReferences("a.mjs", `// ${seedFile}.txt\n`)).toHaveLength(1);
    expect(findOutsideReferences("run.sh", "x=1\n# seed: flag table\n")).toEqual([
      "line 2: seed: flag table",
    ]);
    expect(findOutsideReferences("a.ts", "// shared/" + "seed/x.txt\n")).toHaveLength(1);
  });

  it("leaves our own docs, identifiers and strings that merely say seed alone", () => {
    const source = [
      "// docs/protocol.md#seed-references: closing stdin ends the turn",
      "function prng(seed: number) { return seed; }",
      'describe("seed: the table", () => {});',
      "const tree = { seed: 1 };",
      "",
    ].join("\n");
    expect(findOutsideReferences("a.ts", source)).toEqual([]);
    expect(findOutsideReferences("run.sh", 'echo "seed: x"\n')).toEqual([]);
  });
});
