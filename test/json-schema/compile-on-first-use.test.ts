import { describe, expect, it } from "vitest";
import { compileOnFirstUse } from "../../src/json-schema/compile-on-first-use.js";

const PERSON = {
  type: "object",
  properties: { name: { type: "string" }, age: { type: "integer", minimum: 0 } },
  required: ["name"],
  additionalProperties: false,
} as const;

describe("compileOnFirstUse", () => {
  it("compiles nothing until its first call: a schema strict mode refuses throws there, not when named", () => {
    const validate = compileOnFirstUse({ type: "object", properties: { name: { tpye: "string" } } });
    expect(validate.errors).toBeUndefined();
    expect(() => validate({ name: "x" })).toThrow(/strict mode: unknown keyword: "tpye"/);
  });

  it("decides as the schema says, and reports the last call's problems", () => {
    const validate = compileOnFirstUse<{ name: string; age?: number }>(PERSON);
    expect(validate({ name: "Ada", age: 36 })).toBe(true);
    expect(validate.errors).toBeNull();
    expect(validate({ age: -1, extra: true })).toBe(false);
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.keyword}`).sort();
    // Every problem, not the first only (our validators report all of them).
    expect(problems).toEqual([" additionalProperties", " required", "/age minimum"]);
    expect(validate({ name: "Grace" })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it("compiles once: later calls reuse the first compilation", () => {
    const schema: Record<string, unknown> = { ...PERSON };
    const validate = compileOnFirstUse(schema);
    expect(validate({ name: "Ada" })).toBe(true);
    // A change to the schema object after the first call is not seen: it was compiled then.
    schema.required = ["name", "age"];
    expect(validate({ name: "Ada" })).toBe(true);
  });
});
