import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from "dependency-cruiser";

// The rules live in the repository's own dependency-cruiser configuration, so `npx depcruise src
// lambda` and this test judge the same way.
const configurationUrl = new URL("../../.dependency-cruiser.mjs", import.meta.url).href;
const configuration: IConfiguration = (await import(configurationUrl)).default;

/**
 * Runs dependency-cruiser with the project's rules over `folders` (relative to `baseDir`) and returns
 * each violation as one line: `rule: from → to`, cycles as `rule: a → b → a`.
 */
export async function cruiseLayers(folders: string[], baseDir: string): Promise<string[]> {
  const { output } = await cruise(folders, {
    ...configuration.options,
    baseDir,
    validate: true,
    ruleSet: { forbidden: configuration.forbidden },
    outputType: "json",
  });
  const result: ICruiseResult = typeof output === "string" ? JSON.parse(output) : output;
  return result.summary.violations.map(describeViolation).sort();
}

function describeViolation(violation: IViolation): string {
  const path = violation.cycle
    ? [violation.from, ...violation.cycle.map((step) => step.name)]
    : [violation.from, violation.to];
  return `${violation.rule.name}: ${path.join(" → ")}`;
}
