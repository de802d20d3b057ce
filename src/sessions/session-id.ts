import { SessionIdError } from "./session-errors.js";

// The CLI names sessions with UUIDs; the id also becomes a file and object name, so anything else
// (a path separator, "..") is refused before it reaches a store.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function assertSessionId(id: string): string {
  if (!UUID.test(id)) throw new SessionIdError(id);
  return id;
}

export function isSessionId(id: unknown): id is string {
  return typeof id === "string" && UUID.test(id);
}
