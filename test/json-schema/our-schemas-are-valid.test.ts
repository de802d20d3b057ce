import { readdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { Ajv } from "ajv";
import { describe, expect, it, vi } from "vitest";
import type { AjvSettings } from "../../src/json-schema/create-ajv.js";

// Our own schemas skip the draft-07 meta-schema check at run time (it cost each Ajv instance about
// 17 ms at start). Here every Ajv made for our schemas checks it again, and every module that
// compiles one of our schemas (found by what it calls, so a new one cannot be forgotten) is loaded.
const compiled: unknown[] = [];
vi.mock("../../src/json-schema/create-ajv.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/json-schema/create-ajv.js")>();
  return {
    ...original,
    createAjv(settings: AjvSettings): Ajv {
      const ajv = original.createAjv(settings);
      if (settings.schemas !== "ours") return ajv;
      // Ajv reads this option at each compile, so the instance now checks what it compiles.
      (ajv.opts as { validateSchema: boolean }).validateSchema = true;
      const compile = ajv.compile.bind(ajv);
      ajv.compile = ((schema: unknown) => {
        compiled.push(schema);
        return compile(schema as object);
      }) as Ajv["compile"];
      return ajv;
    },
  };
});

// Schemas whose validator is compiled on its first call: recorded as their module loads, compiled below.
const deferred: unknown[] = [];
vi.mock("../../src/json-schema/compile-on-first-use.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/json-schema/compile-on-first-use.js")>();
  return {
    compileOnFirstUse(schema: object) {
      deferred.push(schema);
      return original.compileOnFirstUse(schema);
    },
  };
});

/** Calls that compile one of our schemas when their module loads, or name one for its first use. */
const COMPILES = /schemas: "ours"|settingsReader\(|SettingsReader\(|jsonDocumentCodec<|compileOnFirstUse\(/;
/** Where those functions are defined, not called. */
const DEFINITIONS = new Set([
  "src/json-schema/create-ajv.ts",
  "src/json-schema/compile-on-first-use.ts",
  "src/jobs/settings/settings-reader.ts",
  "lambda/shared/lambda-variables.ts",
  "src/sessions/repository-document.ts",
]);

async function modulesThatCompileOurSchemas(): Promise<string[]> {
  const found: string[] = [];
  for (const folder of ["src", "lambda"]) {
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const file = join(entry.parentPath, entry.name);
      if (!DEFINITIONS.has(file) && COMPILES.test(await readFile(file, "utf8"))) found.push(file);
    }
  }
  return found.sort();
}

describe("our JSON Schemas", () => {
  it("are each valid draft-07 schemas: every module that compiles one loads with the meta-schema check on", async () => {
    const modules = await modulesThatCompileOurSchemas();
    // The job schemas, the queue message, the repository config, the learnings and every door's
    // settings, except the Lambda functions whose settings checks are precompiled at build time
    // (scripts/generate-validators.ts checks those schemas against the meta-schema as it compiles).
    expect(modules.length).toBeGreaterThanOrEqual(17);
    for (const file of modules)
      await expect(import(/* @vite-ignore */ resolve(file)), file).resolves.toBeDefined();
    // The job outputs' and the repository config's validators are compiled on first use: compile
    // each schema those modules named, as that first use would.
    expect(deferred.length).toBeGreaterThanOrEqual(8);
    const { createAjv } = await import("../../src/json-schema/create-ajv.js");
    for (const schema of deferred) createAjv({ schemas: "ours" }).compile(schema as object);
    // The policy document's validator is built on first use.
    const { parsePolicyDocument } = await import("../../src/runner/policy/parse-policy-document.js");
    await expect(parsePolicyDocument("version: 0", "meta.yml")).rejects.toThrow(/meta\.yml/);
    expect(compiled.length).toBeGreaterThanOrEqual(modules.length);
  });

  it("the check is on here: a schema with a mistyped keyword value is refused", async () => {
    const { createAjv } = await import("../../src/json-schema/create-ajv.js");
    expect(() => createAjv({ schemas: "ours" }).compile({ type: "object", required: "name" })).toThrow(
      /schema is invalid/,
    );
  });
});
