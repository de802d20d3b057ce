import {
  type OutcomeOptions,
  outcomeFromTurn,
  parseStdoutFrame,
  type StdoutFrame,
} from "../../src/protocol/index.js";
import type { ClaudeRunResult } from "./claude-cli.js";

export interface ProtocolAgreement {
  /** Frames src/protocol could not classify (unknown type/subtype or malformed); [] when it knows them all. */
  unclassified: StdoutFrame[];
  /** Exit code src/protocol predicts from the frames (is_error decides; 143 after SIGTERM). */
  predictedExitCode: 0 | 1 | 143;
}

/**
 * Runs the product's protocol layer over what the real binary printed, so conformance runs also show
 * that our parser knows every frame 2.1.235 emits and that our exit rule matches the real exit code.
 */
export function protocolAgreement(
  run: ClaudeRunResult,
  options: Pick<OutcomeOptions, "sigterm"> = {},
): ProtocolAgreement {
  const frames = run.frames.map(parseStdoutFrame);
  return {
    unclassified: frames.filter((f) => f.type === "unknown"),
    predictedExitCode: outcomeFromTurn(frames, { transportClosed: true, ...options }).exitCode,
  };
}
