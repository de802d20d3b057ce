import { outcomeFromTurn, parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";
import type { ClaudeRunResult } from "./claude-cli.js";

export interface ProtocolAgreement {
  /** Frames src/protocol could not classify (unknown type/subtype or malformed); [] when it knows them all. */
  unclassified: StdoutFrame[];
  /** Exit code src/protocol predicts from the frames (seed: is_error decides). */
  predictedExitCode: 0 | 1;
}

/**
 * Runs the product's protocol layer over what the real binary printed, so conformance runs also show
 * that our parser knows every frame 2.1.235 emits and that our exit rule matches the real exit code.
 */
export function protocolAgreement(run: ClaudeRunResult): ProtocolAgreement {
  const frames = run.frames.map(parseStdoutFrame);
  return {
    unclassified: frames.filter((f) => f.type === "unknown"),
    predictedExitCode: outcomeFromTurn(frames, { transportClosed: true }).exitCode,
  };
}
