import { isResultSubtype, isSystemSubtype } from "./observed-subtypes.js";
import type { StdoutFrame, UnknownFrame } from "./stdout-frames.js";
import { EXTRA_STDOUT_FRAME_TYPES } from "./stdout-frames.js";

const EXTRA_TYPES: ReadonlySet<string> = new Set(EXTRA_STDOUT_FRAME_TYPES);

/**
 * Classify one decoded stdout value. Never throws and never copies a recognised frame: the returned
 * object is the decoded value itself, typed. Only the fields the discriminant and the control channel
 * depend on are checked; anything unrecognised comes back as `UnknownFrame` with the raw value.
 */
export function parseStdoutFrame(value: unknown): StdoutFrame {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { type: "unknown", reason: "not_an_object", raw: value };
  }
  const frame = value as Record<string, unknown>;
  const type = frame.type;
  switch (type) {
    case "assistant":
    case "user":
      return isObject(frame.message) ? (frame as unknown as StdoutFrame) : unknownFrame("malformed", frame);
    case "stream_event":
      return isObject(frame.event) && typeof frame.event.type === "string"
        ? (frame as unknown as StdoutFrame)
        : unknownFrame("malformed", frame);
    case "system":
      return isSystemSubtype(frame.subtype)
        ? (frame as unknown as StdoutFrame)
        : unknownFrame(typeof frame.subtype === "string" ? "unknown_subtype" : "malformed", frame);
    case "result":
      return isResultSubtype(frame.subtype)
        ? (frame as unknown as StdoutFrame)
        : unknownFrame(typeof frame.subtype === "string" ? "unknown_subtype" : "malformed", frame);
    case "control_request":
      // An unknown request subtype stays a control_request: the channel must answer it with `error`.
      return typeof frame.request_id === "string" &&
        isObject(frame.request) &&
        typeof frame.request.subtype === "string"
        ? (frame as unknown as StdoutFrame)
        : unknownFrame("malformed", frame);
    case "control_response": {
      const response = frame.response;
      return isObject(response) &&
        typeof response.request_id === "string" &&
        (response.subtype === "success" || response.subtype === "error")
        ? (frame as unknown as StdoutFrame)
        : unknownFrame("malformed", frame);
    }
    case "control_cancel_request":
      return typeof frame.request_id === "string"
        ? (frame as unknown as StdoutFrame)
        : unknownFrame("malformed", frame);
    case "tool_progress":
    case "keep_alive":
      return frame as unknown as StdoutFrame;
    default:
      if (typeof type === "string" && EXTRA_TYPES.has(type)) return frame as unknown as StdoutFrame;
      return unknownFrame("unknown_type", frame);
  }
}

function unknownFrame(reason: UnknownFrame["reason"], frame: Record<string, unknown>): UnknownFrame {
  const out: UnknownFrame = { type: "unknown", reason, raw: frame };
  if (typeof frame.type === "string") out.frameType = frame.type;
  if (typeof frame.subtype === "string") out.subtype = frame.subtype;
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
