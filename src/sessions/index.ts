// The model, the filesystem store, restore/capture and the commands. The S3 and artifacts backends
// are imported by path (./s3-transcript-store.js, ./artifact-transcript-store.js) so that a door that
// does not use them (e.g. a Lambda bundle without @actions/artifact) does not load their SDKs.
export * from "./append-lineage-entry.js";
export * from "./capture-session.js";
export * from "./choose-start.js";
export * from "./commands.js";
export * from "./fs-transcript-store.js";
export * from "./lineage-entry.js";
export * from "./lineage-index.js";
export * from "./lineage-key.js";
export * from "./project-slug.js";
export * from "./redact-transcript.js";
export * from "./restore-result.js";
export * from "./restore-session.js";
export * from "./resume-refusal.js";
export * from "./session-errors.js";
export * from "./session-id.js";
export type * from "./transcript-store.js";
