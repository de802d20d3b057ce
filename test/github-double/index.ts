export type { Fault } from "./double-faults.js";
export type * from "./double-state.js";
export type { AddPullRequestOptions, CallRecord, StartOptions } from "./github-double.js";
export { GitHubDouble } from "./github-double.js";
export type { SpecViolation } from "./request-validator.js";
