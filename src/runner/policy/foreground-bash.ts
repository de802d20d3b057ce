/**
 * The runner's own rule for every Bash call, whatever the job's policy allows: the command runs in
 * the foreground, in the sandbox when there is one. A command run in the background (2.1.235's
 * `run_in_background`) keeps running through the agent's next calls, so it can swap a file the policy
 * just judged for a link before the CLI reads or writes it: on the runner's own user the CLI does that
 * as the runner, outside the Bash sandbox. `dangerouslyDisableSandbox` is ignored by the CLI while
 * `allowUnsandboxedCommands` is off (bash-sandbox.ts); refusing it too keeps that one setting from
 * being the only layer. Nothing the jobs run needs either.
 */
export const FOREGROUND_BASH_RULE = "runner:foreground-sandboxed-bash";

/** Why this call's own flags are refused, or undefined when it asks for neither. */
export function bashFlagRefusal(
  toolName: string,
  input: Readonly<Record<string, unknown>>,
): string | undefined {
  if (toolName !== "Bash") return undefined;
  if (isSet(input.run_in_background))
    return "Commands may not run in the background here: run it in the foreground, where it must finish before the next step.";
  if (isSet(input.dangerouslyDisableSandbox))
    return "Commands may not ask to leave the Bash sandbox here: run it without dangerouslyDisableSandbox.";
  return undefined;
}

/** Absent, null and false leave the command in the foreground (and sandboxed); anything else asks. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}
