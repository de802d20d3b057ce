import { secretValuesIn } from "../secrets/secret-redactor.js";
import type { ActionInputs } from "./action-inputs.js";

/** Shorter values would mask ordinary words all over the log (the redactor skips them too). */
const MIN_SECRET_LENGTH = 6;

/**
 * Every secret value the Action holds: its credential inputs, the values of the `env` lines named
 * in `env_secrets`, and every secret-looking variable of its environment. The same list is masked
 * in the step log (`core.setSecret`) before anything is printed and redacted from everything
 * published through the GitHub client, so a value the agent gets to see cannot come back out by
 * either way.
 */
export function actionSecretValues(inputs: ActionInputs, env: NodeJS.ProcessEnv): string[] {
  const values = [
    inputs.anthropicApiKey,
    inputs.claudeCodeOauthToken,
    inputs.githubToken,
    inputs.repositoryReadToken ?? "",
    ...envInputSecrets(inputs),
    ...secretValuesIn(env),
  ];
  // A multi-line value (a private key) is masked line by line too: the runner masks within a line.
  const withLines = values.flatMap((value) => {
    const lines = value.split(/\r?\n/).map((line) => line.trim());
    return lines.length > 1 ? [value, ...lines] : [value];
  });
  return [...new Set(withLines.filter((value) => value.trim().length >= MIN_SECRET_LENGTH))];
}

/** The values of the `env` input's lines whose names `env_secrets` lists. */
function envInputSecrets(inputs: ActionInputs): string[] {
  if (!inputs.env || inputs.envSecrets.length === 0) return [];
  const names = new Set(inputs.envSecrets);
  return inputs.env.split("\n").flatMap((raw) => {
    const line = raw.replace(/\r$/, "");
    const at = line.indexOf("=");
    return at > 0 && names.has(line.slice(0, at).trim()) ? [line.slice(at + 1)] : [];
  });
}
