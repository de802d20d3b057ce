import type { RawSettings } from "../../src/jobs/settings/read-settings.js";
import { compileSettings } from "../../src/jobs/settings/settings-reader.js";
import {
  type LambdaSettings,
  type LambdaVariableName,
  lambdaSettingsReaderWith,
  lambdaVariableSchemas,
} from "./lambda-variables.js";

/**
 * One function's reader of its environment, compiled once at cold start (strict: a misspelt keyword
 * fails when the module loads). The webhook uses a validator precompiled at build time instead
 * (lambda/generated), which keeps Ajv out of its cold start.
 */
export function lambdaSettingsReader<const N extends LambdaVariableName, const R extends N = never>(
  names: readonly N[],
  required: readonly R[],
  toError: (message: string) => Error,
): (env: RawSettings) => LambdaSettings<N, R> {
  return lambdaSettingsReaderWith(names, required, toError, compileLambdaSettings(names, required));
}

/** A function's settings validator, compiled now: at cold start, or by the generator at build time. */
export function compileLambdaSettings(names: readonly LambdaVariableName[], required: readonly string[]) {
  return compileSettings(lambdaVariableSchemas(names), required);
}
