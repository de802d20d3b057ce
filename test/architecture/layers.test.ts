import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../harness/temp-dir.js";
import { cruiseLayers } from "./cruise-layers.js";

// Violations not fixed yet, each with the reason it is still here. The test compares the cruise
// with this list exactly: a new violation fails, and so does a fixed one that is still listed.
const knownViolations: string[] = [];

describe("the layering of ARCHITECTURE.md", () => {
  it("holds for src/ and lambda/ (no upward imports, doors apart, no cycles)", async () => {
    expect(await cruiseLayers(["src", "lambda"], process.cwd())).toEqual([...knownViolations].sort());
  }, 60_000);
});

describe("the layering rules", () => {
  let tree: string;

  async function write(path: string, source: string): Promise<void> {
    await mkdir(dirname(join(tree, path)), { recursive: true });
    await writeFile(join(tree, path), source);
  }

  beforeAll(async () => {
    tree = await makeTempDir("layers");
    await write(
      "src/action/main.ts",
      'import { frame } from "../protocol/frame.js";\nexport const door = frame;\n',
    );
    await write("src/cli/main.ts", 'import { door } from "../action/main.js";\nexport const cli = door;\n');
    await write("src/protocol/frame.ts", "export const frame = 1;\n");
    await write(
      "src/protocol/upward.ts",
      'import { door } from "../action/main.js";\nexport const up = door;\n',
    );
    await write("src/jobs/a.ts", 'import { b } from "./b.js";\nexport const a = () => b;\n');
    await write("src/jobs/b.ts", 'import type { a } from "./a.js";\nexport const b: typeof a | 1 = 1;\n');
    await write("src/jobs/review/run.ts", "export const run = 1;\n");
    await write(
      "src/jobs/shared/pick.ts",
      'import { run } from "../review/run.js";\nexport const pick = run;\n',
    );
    await write("src/protocol/spawn.ts", 'import { spawn } from "node:child_process";\nexport { spawn };\n');
    await write(
      "src/grab-bag/util.ts",
      'import { frame } from "../protocol/frame.js";\nexport const x = frame;\n',
    );
  });

  afterAll(async () => {
    await rm(tree, { recursive: true, force: true });
  });

  it("fail on an upward import, a door importing a door, a cycle, impure protocol, an unplaced folder, shared job code importing a job kind, and a loose file in src/jobs", async () => {
    expect(await cruiseLayers(["src"], tree)).toEqual([
      "jobs:no-loose-files: src/jobs/a.ts → src/jobs/b.ts",
      "jobs:no-loose-files: src/jobs/b.ts → src/jobs/a.ts",
      "jobs:shared-below-job-kinds: src/jobs/shared/pick.ts → src/jobs/review/run.ts",
      "layer:src/cli: src/cli/main.ts → src/action/main.ts",
      "layer:src/protocol: src/protocol/upward.ts → src/action/main.ts",
      "layer:unknown: src/grab-bag/util.ts → src/protocol/frame.ts",
      "no-circular: src/jobs/a.ts → src/jobs/b.ts → src/jobs/a.ts",
      "protocol-is-pure: src/protocol/spawn.ts → child_process",
    ]);
  }, 60_000);
});
