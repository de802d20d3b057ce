import { describe, expect, it } from "vitest";
import { checkStructuredOutput } from "../../src/runner/check-structured-output.js";
import { compileOutputSchema } from "../../src/runner/compile-output-schema.js";

describe("compileOutputSchema", () => {
  it("rejects a string, an array, a non-object root and an invalid schema with the reason", async () => {
    await expect(compileOutputSchema('{"type":"object"}')).rejects.toThrowError(
      "--json-schema must be a JSON object; got a string",
    );
    await expect(compileOutputSchema([])).rejects.toThrowError("got an array");
    await expect(compileOutputSchema({ type: "array" })).rejects.toThrowError(/must describe an object/);
    await expect(
      compileOutputSchema({ type: "object", properties: { a: { type: "nonsense" } } }),
    ).rejects.toThrowError(/not a valid JSON Schema/);
  });

  it("re-validates output and says which check passed", async () => {
    const compiled = await compileOutputSchema({
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
