import { type ParseArgsConfig, parseArgs } from "node:util";
import type { SettingSchema, SettingsOf } from "../jobs/settings/setting-schema.js";
import { textSetting } from "../jobs/settings/setting-values.js";
import { type RawSettings, SettingsError, settingsReader } from "../jobs/settings/settings-reader.js";
import { UsageError } from "./usage-error.js";

/**
 * One option of a subcommand: its setting (the schema its value is checked against, with the value
 * types the Action and Lambda share), and how `--help` shows it.
 */
export interface CliOption {
  setting: SettingSchema;
  /** The value's placeholder in `--help`, e.g. `<n>`; none for a switch. */
  value?: string;
  help?: string;
  short?: string;
}

export type CliSettings<O extends Record<string, CliOption>> = SettingsOf<
  { [K in keyof O]: O[K]["setting"] },
  never
>;

/**
 * The reader of one subcommand's argv: node:util parseArgs in strict mode (an unknown flag, a missing
 * value or a stray word is refused), then the options' schema (a bad value is refused with the flag's
 * name, what it must be and what it got). Both are UsageErrors: exit 2, before anything runs. A
 * switch is a boolean option, a list a repeatable one.
 */
export function cliOptionsReader<const O extends Record<string, CliOption>>(
  options: O,
  settings: { allowPositionals?: boolean } = {},
): (args: string[]) => { values: CliSettings<O>; positionals: string[] } {
  const read = settingsReader(
    Object.fromEntries(Object.entries(options).map(([name, option]) => [name, option.setting])) as {
      [K in keyof O]: O[K]["setting"];
    },
    { label: (name) => `--${name}` },
  );
  const parseOptions = Object.fromEntries(
    Object.entries(options).map(([name, option]) => [
      name,
      {
        type: option.setting.type === "boolean" ? "boolean" : "string",
        ...(option.setting.type === "array" ? { multiple: true } : {}),
        ...(option.short ? { short: option.short } : {}),
      },
    ]),
  ) as NonNullable<ParseArgsConfig["options"]>;
  return (args) => {
    let parsed: { values: RawSettings; positionals: string[] };
    try {
      parsed = parseArgs({
        args,
        options: parseOptions,
        strict: true,
        allowPositionals: settings.allowPositionals === true,
      }) as typeof parsed;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    try {
      return { values: read(parsed.values) as CliSettings<O>, positionals: parsed.positionals };
    } catch (error) {
      if (error instanceof SettingsError) throw new UsageError(error.message);
      throw error;
    }
  };
}

/** `--help` lines for the options: flag, placeholder, and what it does. */
export function cliOptionsHelp(options: Record<string, CliOption>, width = 30): string[] {
  return Object.entries(options)
    .filter(([, option]) => option.help)
    .map(([name, option]) => {
      const flag = `${option.short ? `-${option.short}, ` : ""}--${name}${option.value ? ` ${option.value}` : ""}`;
      return `  ${flag.padEnd(width)} ${option.help}`;
    });
}

/**
 * The variables the CLI's own commands read (credentials the job needs beyond the agent's
 * environment, and the S3 endpoint of a session store); everything else of the environment is handed
 * on whole as the host environment.
 */
const readCliEnvironment = settingsReader({
  ANTHROPIC_API_KEY: textSetting,
  ANTHROPIC_AUTH_TOKEN: textSetting,
  ANTHROPIC_BASE_URL: textSetting,
  GITHUB_READ_TOKEN: textSetting,
  // Tokens a developer's shell holds that can write (gh's, a workflow's): never a mount token.
  GITHUB_TOKEN: textSetting,
  GH_TOKEN: textSetting,
  AWS_REGION: textSetting,
  AWS_ENDPOINT_URL_S3: textSetting,
  // Who `learnings forget` names when --by is not given.
  USER: textSetting,
});

export type CliEnvironment = ReturnType<typeof readCliEnvironment>;

export function cliEnvironment(env: NodeJS.ProcessEnv): CliEnvironment {
  return readCliEnvironment(env);
}
