import { RunnerConfigError } from "../../runner/runner-config-error.js";

export class AutofixEnvError extends RunnerConfigError {
  constructor(message: string) {
    super(message, "env");
  }
}

/**
 * Variables that steer the runtime, the agent or the model traffic rather than a test run: a
 * workflow cannot set them through `env` (LD_PRELOAD or NODE_OPTIONS would run code in every
 * process, ANTHROPIC_BASE_URL would move the model traffic, HOME or PATH would move the tools).
 */
const RESERVED_NAME =
  /^(PATH|HOME|SHELL|USER|LOGNAME|TMPDIR|PWD|IFS|ENV|BASH_ENV|BASH_FUNC_.*|PS4|PROMPT_COMMAND|LD_.*|DYLD_.*|NODE_OPTIONS|NODE_PATH|NODE_EXTRA_CA_CERTS|PYTHONPATH|PYTHONSTARTUP|PERL5OPT|PERL5LIB|RUBYOPT|GIT_.*|SSH_.*|ANTHROPIC_.*|CLAUDE_.*|DISABLE_.*|AWS_.*|GOOGLE_.*|CLOUD_ML_.*|VERTEX_.*|ACTIONS_.*|GITHUB_.*|RUNNER_.*|HTTPS?_PROXY|NO_PROXY|https?_proxy|no_proxy)$/;
/** Names that look like they hold a credential: passed only when the workflow lists them on purpose. */
const SECRET_LOOKING =
  /TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE|API_?KEY|ACCESS_?KEY|AUTH|COOKIE|SESSION/i;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_VARIABLES = 50;
const MAX_VALUE_BYTES = 4096;

export interface AutofixEnv {
  variables: Record<string, string>;
  /** Secret-looking names the workflow passed on purpose (their values are redacted everywhere). */
  secretNames: string[];
}

/**
 * The workflow's `env` for a same-repository autofix's test commands: `NAME=value` lines. Names
 * that steer the runtime or the model are refused; names that look like credentials are refused
 * unless `allowedSecretNames` lists them. Every problem is an AutofixEnvError naming the line.
 */
export function checkAutofixEnv(text: string, allowedSecretNames: readonly string[] = []): AutofixEnv {
  const variables: Record<string, string> = {};
  const secretNames: string[] = [];
  const lines = text.split("\n").map((line) => line.replace(/\r$/, ""));
  lines.forEach((line, index) => {
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const at = line.indexOf("=");
    const name = (at < 0 ? line : line.slice(0, at)).trim();
    const where = `env line ${index + 1}`;
    if (at < 0) throw new AutofixEnvError(`${where} must be NAME=value; got "${name}"`);
    if (!NAME.test(name)) throw new AutofixEnvError(`${where}: "${name}" is not a variable name`);
    if (RESERVED_NAME.test(name)) {
      throw new AutofixEnvError(
        `${where}: ${name} steers the runtime, the agent or its model traffic and cannot be set through env`,
      );
    }
    if (name in variables) throw new AutofixEnvError(`${where}: ${name} is set twice`);
    const value = line.slice(at + 1);
    if (Buffer.byteLength(value) > MAX_VALUE_BYTES) {
      throw new AutofixEnvError(`${where}: the value of ${name} is over ${MAX_VALUE_BYTES} bytes`);
    }
    if (SECRET_LOOKING.test(name)) {
      if (!allowedSecretNames.includes(name)) {
        throw new AutofixEnvError(
          `${where}: ${name} looks like a credential; list it in env_secrets to pass it to the test commands on purpose`,
        );
      }
      secretNames.push(name);
    }
    variables[name] = value;
  });
  if (Object.keys(variables).length > MAX_VARIABLES) {
    throw new AutofixEnvError(`env sets more than ${MAX_VARIABLES} variables`);
  }
  const unused = allowedSecretNames.filter((name) => !(name in variables));
  if (unused.length) {
    throw new AutofixEnvError(`env_secrets names ${unused.join(", ")}, which env does not set`);
  }
  return { variables, secretNames };
}
