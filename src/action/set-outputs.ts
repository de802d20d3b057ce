import * as core from "@actions/core";

/** Sets each named step output of the action (`outputs` in action.yml). */
export function setOutputs(outputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}
