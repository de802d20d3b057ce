// Pure protocol core for Claude Code CLI 2.1.235: no child_process, no fs, no network.
export * from "./cli-invocation-from-argv.js";
export * from "./content-blocks.js";
export * from "./control-channel.js";
export * from "./control-errors.js";
export * from "./control-payloads.js";
export * from "./control-request-subtypes.js";
export * from "./flag-rule-error.js";
export * from "./incoming-control-handlers.js";
export * from "./ndjson-decoder.js";
export * from "./observed-subtypes.js";
export * from "./outcome-from-turn.js";
export * from "./parse-stdout-frame.js";
export * from "./partial-message-assembler.js";
export * from "./project-slug.js";
export * from "./stdin-frames.js";
export * from "./stdout-frames.js";
export * from "./validate-cli-invocation.js";
