import { describe, expect, it } from "vitest";
import { createAjv } from "../../src/json-schema/create-ajv.js";
import { schemaProblems } from "../../src/json-schema/schema-problems.js";

const schema = {
  type: "object",
  additionalProperties: false,
  properties: {
    name: { type: "string", minLength: 2, maxLength: 5 },
    count: { type: "integer" },
    ratio: { type: "number" },
    on: { type: "boolean" },
    level: { type: "string", enum: ["low", "high"] },
    tags: { type: "array", items: { type: "string" }, minItems: 1, maxItems: 2 },
    "a/b": { type: "object", properties: { "c~d": { type: "string" } } },
    nested: {
      type: "array",
      items: {
        type: "object",
        required: ["id"],
        anyOf: [{ required: ["x"] }, { required: ["y"] }],
        properties: { id: { type: "string" }, x: { type: "string" }, y: { type: "string" } },
      },
    },
    either: { anyOf: [{ type: "string" }, { type: "integer" }] },
    pattern: { type: "string", pattern: "^[a-z]+$" },
  },
} as const;

const problemsOf = (document: unknown): string[] => {
  const validate = createAjv({ schemas: "foreign" }).compile(schema);
  expect(validate(document)).toBe(false);
  return schemaProblems(validate.errors, document);
};

describe("schemaProblems", () => {
  it("names the key, what it must be and what it got, for each kind of problem", () => {
    expect(
      problemsOf({
        name: "x",
        count: "3",
        ratio: true,
        on: "yes",
        level: "mid",
        tags: [],
        extra: 1,
        "a/b": { "c~d": 4 },
        pattern: "ABC",
      }),
    ).toEqual([
      "`extra` is not a known key",
      '`name` must be at least 2 characters; got "x"',
      '`count` must be a whole number; got "3"',
      "`ratio` must be a number; got true",
      '`on` must be true or false; got "yes"',
      '`level` must be one of low, high; got "mid"',
      "`tags` must list at least 1; got a list of 0",
      "`a/b.c~d` must be a string; got 4",
      '`pattern` must match pattern "^[a-z]+$"; got "ABC"',
    ]);
  });

  it("upper bounds, long values cut, null, and the top level", () => {
    expect(problemsOf({ name: "abcdefgh", tags: ["a", "b", "c"], level: null })).toEqual([
      '`name` must be at most 5 characters; got "abcdefgh"',
      // One line per key: the first of ajv's errors for it.
      "`level` must be a string; got null",
      "`tags` must list at most 2; got a list of 3",
    ]);
    expect(problemsOf({ level: "x".repeat(100) })[0]).toBe(
      `\`level\` must be one of low, high; got "${"x".repeat(76)}…`,
    );
    expect(problemsOf([1])).toEqual(["`(top level)` must be a mapping; got a list of 1"]);
    expect(problemsOf("text")).toEqual(['`(top level)` must be a mapping; got "text"']);
  });

  it("an anyOf of required keys reads as 'needs at least one of', once, with array indexes", () => {
    expect(problemsOf({ nested: [{ id: "a", x: "1" }, { id: "b" }, {}] })).toEqual([
      "`nested[1]` needs at least one of x, y; got a mapping",
      "`nested[2]` needs at least one of x, y; got a mapping",
      "`nested[2].id` is required",
    ]);
  });

  it("one item missing the anyOf keys alone, and a value of exactly 80 characters shown whole", () => {
    expect(problemsOf({ nested: [{ id: "b" }] })).toEqual([
      "`nested[0]` needs at least one of x, y; got a mapping",
    ]);
    const eighty = JSON.stringify("y".repeat(78));
    expect(eighty).toHaveLength(80);
    expect(problemsOf({ level: "y".repeat(78) })).toEqual([
      `\`level\` must be one of low, high; got ${eighty}`,
    ]);
  });

  it("any other anyOf keeps ajv's words", () => {
    expect(problemsOf({ either: true })).toEqual(["`either` must match a schema in anyOf; got true"]);
  });

  it("no errors, no problems", () => {
    expect(schemaProblems(null, {})).toEqual([]);
    expect(schemaProblems(undefined, {})).toEqual([]);
  });
});
