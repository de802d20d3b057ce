// Managed Agents session events: a remote protocol, separate from the local stdout frames.
export * from "./event-identifiers.js";
export * from "./session-event-ledger.js";
export * from "./session-events.js";
export * from "./webhook-event-route.js";
