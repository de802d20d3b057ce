import type { Ajv } from "ajv";
import { createAjv } from "../../json-schema/create-ajv.js";
import {
  type RawSettings,
  readSettingsWith,
  SETTING_ANNOTATIONS,
  SettingsError,
  type SettingsReaderOptions,
  type SettingsValidator,
  settingsObjectSchema,
} from "./read-settings.js";
import type { SettingSchema, SettingsOf } from "./setting-schema.js";

export { type RawSettings, SettingsError, type SettingsReaderOptions };

/**
 * Compiles a door's settings schema once (strict: a misspelt keyword fails when the module loads) and
 * returns the function that reads raw text into the typed settings object (readSettingsWith). The
 * webhook, whose cold start matters most, reads its settings with a validator precompiled at build
 * time instead (scripts/generate-validators.ts), which leaves Ajv out of its bundle.
 */
export function settingsReader<
  const P extends Record<string, SettingSchema>,
  const R extends keyof P & string = never,
>(properties: P, options: SettingsReaderOptions<R> = {}): (raw: RawSettings) => SettingsOf<P, R> {
  return readSettingsWith(properties, compileSettings(properties, options.required ?? []), options);
}

/** The check of a door's settings object (settingsObjectSchema), compiled now. */
export function compileSettings(
  properties: Record<string, SettingSchema>,
  required: readonly string[],
): SettingsValidator {
  return settingsAjv().compile(settingsObjectSchema(properties, required));
}

/** The Ajv settings are compiled with: at start, or into standalone code at build time. */
export function settingsAjv(build: { standaloneCode?: boolean } = {}): Ajv {
  // Stryker disable next-line all: the build-time switch changes no verdict, only whether the source is kept; test/json-schema/generated-validators.test.ts ("are current", outside the sandbox) checks it
  const ajv = createAjv({ schemas: "ours", fromText: true, standaloneCode: build.standaloneCode === true });
  for (const annotation of SETTING_ANNOTATIONS) ajv.addKeyword({ ...annotation });
  return ajv;
}
