import { Ajv, type Options } from "ajv";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS with `exports.default`; depending on the loader either shape arrives.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** The constructor of an Ajv for another JSON Schema draft (e.g. `ajv-draft-04` for SARIF). */
export type AjvDialect = new (options: Options) => Ajv;

export interface AjvSettings {
  /**
   * Who wrote the schemas this instance compiles.
   * - `ours`: schemas in this repository (job outputs, policy files, queue messages). Strict mode, so
   *   a misspelt keyword or a keyword on the wrong type fails when the module loads, not in a job.
   *   `required` may name a property declared elsewhere, which `if`/`then` rules need. They are not
   *   checked against the draft-07 meta-schema at run time: compiling that meta-schema cost every
   *   instance about 17 ms at start (20 of the webhook's cold start), for documents that do not
   *   change after the build. test/json-schema/our-schemas-are-valid.test.ts checks every one.
   * - `foreign`: a user's `--json-schema`, GitHub's OpenAPI description, SARIF. They use keywords
   *   and formats strict mode rejects; those are accepted quietly (nothing is logged).
   */
  schemas: "ours" | "foreign";
  /** Stop at the first problem: a yes/no verdict with one reason. By default every problem is reported. */
  firstErrorOnly?: boolean;
  /** Do not check compiled schemas against their meta-schema (a large, vetted document compiled piecewise). */
  skipMetaValidation?: boolean;
  /** Compile `pattern`s without the `u` flag, for schemas whose patterns are not valid unicode expressions. */
  nonUnicodePatterns?: boolean;
  /** Another draft's Ajv class; draft-07 Ajv by default. */
  dialect?: AjvDialect;
  /**
   * For settings read from text (environment variables, Action inputs): turn "30" into 30 and "true"
   * into true where the schema asks for a number or a boolean, and fill in each property's `default`.
   */
  fromText?: boolean;
  /**
   * For a validator compiled at build time into standalone code (scripts/generate-validators.ts):
   * keeps the generated source, and checks the schema against its meta-schema, which costs nothing
   * at build time.
   */
  standaloneCode?: boolean;
}

/**
 * The one place an Ajv instance is made, so every validator in the code base runs with the same
 * options and the same string formats (ajv-formats). `test/architecture/one-ajv-factory.test.ts`
 * fails on a `new Ajv` anywhere else.
 */
export function createAjv(settings: AjvSettings): Ajv {
  const options: Options =
    settings.schemas === "ours"
      ? { strict: true, strictRequired: false, validateSchema: false }
      : { strict: false, logger: false };
  options.allErrors = settings.firstErrorOnly !== true;
  if (settings.skipMetaValidation) options.validateSchema = false;
  if (settings.nonUnicodePatterns) options.unicodeRegExp = false;
  if (settings.fromText) {
    options.coerceTypes = true;
    options.useDefaults = true;
  }
  if (settings.standaloneCode) {
    options.code = { source: true };
    options.validateSchema = true;
  }
  const AjvClass = settings.dialect ?? Ajv;
  return addFormats(new AjvClass(options));
}
