import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// ARCHITECTURE.md stays true: every folder it names exists, and every folder under src/ and lambda/
// is named there (in backticks), so a reader never looks for a folder that is gone or misses one.
const ROOT = process.cwd();
const doc = readFileSync(join(ROOT, "ARCHITECTURE.md"), "utf8");

function foldersUnder(top: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === "node_modules" || entry.name === "cdk.out") continue;
      const path = `${dir}/${entry.name}`;
      out.push(path);
      walk(path);
    }
  };
  walk(top);
  return out;
}

describe("ARCHITECTURE.md matches the tree", () => {
  it("names no folder that does not exist", () => {
    const named = [...doc.matchAll(/`((?:src|lambda)\/[A-Za-z0-9/_-]+?)\/?`/g)].map((m) => m[1]!);
    const missing = named.filter((folder) => {
      const isFile = /\.[a-z]+$/.test(folder);
      if (isFile) return false;
      try {
        return !statSync(join(ROOT, folder)).isDirectory();
      } catch {
        return true;
      }
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it("names every folder under src/ and lambda/", () => {
    const unnamed = [...foldersUnder("src"), ...foldersUnder("lambda")].filter(
      (folder) => !doc.includes(`\`${folder}\``),
    );
    expect(unnamed).toEqual([]);
  });
});
