import { createRequire } from "node:module";
import Ajv04Module from "ajv-draft-04";
import { describe, expect, it } from "vitest";
import { toSarif } from "../../src/github/sarif-export.js";
import { createAjv } from "../../src/json-schema/create-ajv.js";
import { finding } from "./pr-fixture.js";

// The official SARIF 2.1.0 (rtm.5) JSON schema, shipped by @microsoft/jest-sarif; it is draft-04.
const schema = createRequire(import.meta.url)(
  "@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json",
) as object;
const Ajv04 = Ajv04Module.default;
// The schema's language pattern is not valid as a unicode regex, hence nonUnicodePatterns.
const validate = createAjv({ schemas: "foreign", dialect: Ajv04, nonUnicodePatterns: true }).compile(schema);

describe("toSarif against the official SARIF 2.1.0 schema", () => {
  it("produces a valid log, with fixes, rules and fingerprints", () => {
    const log = toSarif(
      [
        finding({
          path: "src/a.ts",
          startLine: 3,
          endLine: 5,
          severity: "error",
          category: "Security",
          suggestion: "safe()\n",
        }),
        finding({ path: "b.ts", startLine: 1, severity: "notice", category: "style" }),
      ],
      { version: "1.0.0", informationUri: "https://github.com/acme/claude-pr-runner" },
    );
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
  });

  it("the validator is live: a wrong level is rejected", () => {
    const log = toSarif([finding({ path: "b.ts", startLine: 1 })]);
    const broken = JSON.parse(JSON.stringify(log));
    broken.runs[0].results[0].level = "critical";
    expect(validate(broken)).toBe(false);
  });
});
