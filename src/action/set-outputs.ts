import * as core from "@actions/core";
import { DEFAULT_NEUTRALISER, type OutputNeutraliser } from "../github/neutralise-output.js";

/**
 * Sets each named step output of the action (`outputs` in action.yml). Outputs are published too
 * (later steps echo them, other jobs read them): every value is redacted by the job's neutraliser,
 * which knows the job's secrets in every encoding (`structured_output` is model text).
 */
export function setOutputs(
  outputs: Record<string, string>,
  neutraliser: OutputNeutraliser = DEFAULT_NEUTRALISER,
): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, neutraliser.redact(value));
}
