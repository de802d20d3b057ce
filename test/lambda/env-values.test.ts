import { describe, expect, it } from "vitest";
import { envReader } from "../../lambda/shared/env-values.js";

class TestConfigError extends Error {}
const read = (env: NodeJS.ProcessEnv) => envReader(env, (message) => new TestConfigError(message));

describe("envReader (one way to read a Lambda function's variables)", () => {
  it("reads required values, switches and numbers, with fallbacks for unset or empty ones", () => {
    const env = { A: " x ", ON: "TRUE", OFF: "false", N: " 12 ", EMPTY: "" };
    expect(read(env).required("A")).toBe("x");
    expect(read(env).flag("ON", false)).toBe(true);
    expect(read(env).flag("OFF", true)).toBe(false);
    expect(read(env).flag("EMPTY", true)).toBe(true);
    expect(read(env).number("N", 1, { integer: true, min: 1 })).toBe(12);
    expect(read(env).number("UNSET", 7, { integer: true, min: 1 })).toBe(7);
    expect(read(env).number("EMPTY", 0.5, { above: 0 })).toBe(0.5);
  });

  it("refuses bad values with the function's own error type and a message naming the rule", () => {
    const error = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return e;
      }
      throw new Error("expected a refusal");
    };
    const env = { BLANK: "  ", YES: "yes", TWO_HALF: "2.5", ZERO: "0", NEG: "-1", WORD: "ten" };
    const missing = error(() => read(env).required("BLANK", "the stack sets it"));
    expect(missing).toBeInstanceOf(TestConfigError);
    expect((missing as Error).message).toBe("BLANK is not set; the stack sets it");
    expect(() => read(env).flag("YES", false)).toThrow('YES must be true or false; got "yes"');
    expect(() => read(env).number("TWO_HALF", 1, { integer: true, min: 1 })).toThrow(
      'TWO_HALF must be a whole number ≥ 1; got "2.5"',
    );
    expect(() => read(env).number("ZERO", 1, { above: 0, unit: "US dollars" })).toThrow(
      'ZERO must be a number of US dollars > 0; got "0"',
    );
    expect(() => read(env).number("NEG", 1, { integer: true, min: 0, unit: "milliseconds" })).toThrow(
      'NEG must be a whole number of milliseconds ≥ 0; got "-1"',
    );
    expect(() => read(env).number("WORD", 1, { min: 0 })).toThrow('WORD must be a number ≥ 0; got "ten"');
  });
});
