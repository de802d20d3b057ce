import { describe, expect, it } from "vitest";
import { checkStructuredOutput, compileOutputSchema } from "../../src/runner/compileOutputSchema.js";

describe("compileOutputSchema", () => {
  it("rejects a string, an array, a non-object root and an invalid schema with the reason", () => {
    expect(() => compileOutputSchema('{"type":"object"}')).toThrowError(
      "--json-schema must be a JSON object; got a string",
    );
    expect(() => compileOutputSchema([])).toThrowError("got an array");
    expect(() => compileOutputSchema({ type: "array" })).toThrowError(/must describe an object/);
    expect(() =>
      compileOutputSchema({ type: "object", properties: { a: { type: "nonsense" } } }),
    ).toThrowError(/not a valid JSON Schema/);
  });

  it("re-validates output and says which check passed", () => {
    const compiled = compileOutputSchema({
      type: "object",
      properties: { verdict: { enum: ["approve", "reject"] }, url: { type: "string", format: "uri" } },
      required: ["verdict"],
    });
    expect(checkStructuredOutput(compiled, { verdict: "approve", url: "https://x.test/a" }).check).toBe(
      "schema_valid",
    );
    const bad = checkStructuredOutput(compiled, { verdict: "maybe", url: "not a uri" });
    expect(bad.check).toBe("invalid");
    expect(bad.problems.join(" ")).toContain("/verdict");
    expect(bad.problems.join(" ")).toContain("/url");
    expect(checkStructuredOutput(compiled, undefined).check).toBe("missing");
    expect(checkStructuredOutput(undefined, { a: 1 }).check).toBe("not_requested");
  });
});
