import { type SuppressionRecord, suppressionId } from "../../../src/jobs/learnings/suppression-record.js";

/** A writer's 👎 as the noise memory records it; `source` makes its id. */
export function suppressionRecord(source: string, over: Partial<SuppressionRecord> = {}): SuppressionRecord {
  const title = over.title ?? "Prefer const";
  return {
    id: suppressionId(source),
    fingerprint: "0123456789abcdef",
    path: "src/math.ts",
    category: "style",
    title,
    rule: `Do not report “${title}” again`,
    signal: "thumbs_down",
    source,
    by: "maintainer",
    at: "2026-12-01T00:00:00.000Z",
    pullNumber: 3,
    ...over,
  };
}
