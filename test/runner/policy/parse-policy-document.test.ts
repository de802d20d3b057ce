import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadPolicyFile } from "../../../src/runner/policy/load-policy-file.js";
import { parsePolicyDocument } from "../../../src/runner/policy/parse-policy-document.js";
import { PolicyFileError } from "../../../src/runner/policy/policy-file-error.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "policy-file-"));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe("policy files", () => {
  it("loads YAML and JSON into the same policy", async () => {
    const yamlPath = path.join(dir, "p.yaml");
    await writeFile(
      yamlPath,
      "name: lint-only\nrules:\n  - id: lint\n    effect: allow\n    tools: [Bash]\n    commandPrefixes: ['npm run lint']\n",
    );
    const jsonPath = path.join(dir, "p.json");
    await writeFile(
      jsonPath,
      JSON.stringify({
        name: "lint-only",
        rules: [{ id: "lint", effect: "allow", tools: ["Bash"], commandPrefixes: ["npm run lint"] }],
      }),
    );
    const fromYaml = await loadPolicyFile(yamlPath);
    const fromJson = await loadPolicyFile(jsonPath);
    expect(fromYaml.rules).toEqual(fromJson.rules);
    const d = await fromYaml.evaluate({ tool_name: "Bash", input: { command: "npm run lint" } }, dir);
    expect(d).toMatchObject({ behavior: "allow", ruleId: "lint" });
  });

  it("reports every problem with its location", async () => {
    const text =
      "name: x\nrules:\n  - id: a\n    effect: permit\n    tools: [Read]\n    pathz: ['**']\n  - effect: allow\n    tools: []\n";
    try {
      await parsePolicyDocument(text, "bad.yaml");
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PolicyFileError);
      const problems = (error as PolicyFileError).problems.join("\n");
      expect(problems).toContain('rules.0: unknown field "pathz"');
      expect(problems).toContain("rules.0.effect: must be one of allow, deny");
      expect(problems).toContain("rules.1: must have required property 'id'");
      expect(problems).toContain("rules.1.tools: must NOT have fewer than 1 items");
      expect((error as Error).message).toContain("bad.yaml");
    }
  });

  it("refuses a Bash allow rule without command prefixes and duplicate ids", async () => {
    await expect(
      parsePolicyDocument(
        JSON.stringify({
          name: "x",
          rules: [
            { id: "a", effect: "allow", tools: ["Bash"] },
            { id: "a", effect: "allow", tools: ["Read"], commandPrefixes: ["ls"] },
          ],
        }),
        "p.json",
      ),
    ).rejects.toThrowError(
      /needs commandPrefixes[\s\S]*duplicate rule id "a"[\s\S]*only applies to the Bash tool/,
    );
  });

  it("accepts built-in commands with their allowlists and refuses names it has no allowlist for", async () => {
    const doc = await parsePolicyDocument(
      JSON.stringify({
        name: "x",
        rules: [{ id: "read", effect: "allow", tools: ["Bash"], commands: ["ls", "git grep"] }],
      }),
      "p.json",
    );
    expect(doc.rules[0]?.commands).toEqual(["ls", "git grep"]);
    await expect(
      parsePolicyDocument(
        JSON.stringify({
          name: "x",
          rules: [{ id: "a", effect: "allow", tools: ["Bash"], commands: ["rm"] }],
        }),
        "p.json",
      ),
    ).rejects.toThrowError(/rules\.0\.commands\.0: must be one of ls, cat, head/);
    await expect(
      parsePolicyDocument(
        JSON.stringify({
          name: "x",
          rules: [{ id: "b", effect: "allow", tools: ["Read"], commands: ["ls"], allowedOptions: ["-l"] }],
        }),
        "p.json",
      ),
    ).rejects.toThrowError(/rules\.0\.commands: only applies[\s\S]*rules\.0\.allowedOptions: only applies/);
  });

  it("names unreadable and unparsable files", async () => {
    await expect(loadPolicyFile(path.join(dir, "missing.yaml"))).rejects.toThrowError(
      /cannot read the file: ENOENT/,
    );
    await expect(parsePolicyDocument("rules: [", "broken.yaml")).rejects.toThrowError(
      /not valid JSON or YAML/,
    );
  });
});
