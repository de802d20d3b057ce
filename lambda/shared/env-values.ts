/**
 * Typed readers of single environment variables, shared by every Lambda function's config parser so
 * a number, a switch or a required value is read and refused the same way everywhere. `fail` makes
 * the function's own typed config error from the message.
 */
export interface EnvReader {
  /** A trimmed value that must be set and non-empty. */
  required(name: string, hint?: string): string;
  /** `true` or `false` (any case); the fallback when unset or empty. */
  flag(name: string, fallback: boolean): boolean;
  /** A number within the rule; the fallback when unset or empty. */
  number(name: string, fallback: number, rule: NumberRule): number;
}

export interface NumberRule {
  integer?: boolean;
  /** Smallest value allowed. */
  min?: number;
  /** The value must be greater than this (e.g. 0 for an amount of money). */
  above?: number;
  /** Named in the message, e.g. "milliseconds" or "US dollars". */
  unit?: string;
}

export function envReader(env: NodeJS.ProcessEnv, fail: (message: string) => Error): EnvReader {
  return {
    required(name, hint) {
      const value = env[name]?.trim();
      if (!value) throw fail(`${name} is not set${hint ? `; ${hint}` : ""}`);
      return value;
    },
    flag(name, fallback) {
      const raw = env[name]?.trim().toLowerCase();
      if (raw === undefined || raw === "") return fallback;
      if (raw === "true") return true;
      if (raw === "false") return false;
      throw fail(`${name} must be true or false; got "${env[name]}"`);
    },
    number(name, fallback, rule) {
      const raw = env[name]?.trim();
      if (raw === undefined || raw === "") return fallback;
      const n = Number(raw);
      const fits =
        Number.isFinite(n) &&
        (!rule.integer || Number.isInteger(n)) &&
        (rule.min === undefined || n >= rule.min) &&
        (rule.above === undefined || n > rule.above);
      if (!fits) throw fail(`${name} must be ${describeRule(rule)}; got "${raw}"`);
      return n;
    },
  };
}

function describeRule(rule: NumberRule): string {
  const kind = rule.integer ? "a whole number" : "a number";
  const bounds = [
    ...(rule.min === undefined ? [] : [`≥ ${rule.min}`]),
    ...(rule.above === undefined ? [] : [`> ${rule.above}`]),
  ];
  return [kind, ...(rule.unit ? [`of ${rule.unit}`] : []), ...bounds].join(" ");
}
