import type { AnySchema, ErrorObject, ValidateFunction } from "ajv";
import { createAjv } from "./create-ajv.js";

/** A validator of one of our schemas that Ajv compiles when it is first called. */
export interface ValidatorCompiledOnFirstUse<T> {
  (data: unknown): data is T;
  /** The last call's problems, as Ajv's `errors` (undefined before the first call). */
  readonly errors: ErrorObject[] | null | undefined;
}

/**
 * One of our schemas (a job's output, the repository config), compiled by Ajv on the first call
 * instead of when its module loads. Eight job modules compiled theirs at import, so every Action and
 * CLI start paid for all eight (about 60 ms of Ajv before any input was read, `--cpu-prof` of
 * dist/index.js) while a job uses one to three. Strict mode still rejects a misspelt keyword:
 * test/json-schema/our-schemas-are-valid.test.ts compiles every one of them.
 */
export function compileOnFirstUse<T = unknown>(schema: AnySchema): ValidatorCompiledOnFirstUse<T> {
  let compiled: ValidateFunction<T> | undefined;
  const validate = (data: unknown): data is T => {
    compiled ??= createAjv({ schemas: "ours" }).compile<T>(schema);
    return compiled(data);
  };
  Object.defineProperty(validate, "errors", { get: () => compiled?.errors });
  return validate as ValidatorCompiledOnFirstUse<T>;
}
