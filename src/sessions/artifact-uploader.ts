import { basename, dirname } from "node:path";
import type { DefaultArtifactClient } from "@actions/artifact";

/**
 * The one write path to GitHub Actions artifacts. In a workflow it is @actions/artifact (which talks
 * to the Actions runtime service through ACTIONS_RUNTIME_TOKEN); that service cannot run outside
 * GitHub, so tests substitute this interface — the only faked boundary of the artifacts store.
 */
export interface ArtifactUploader {
  /** Uploads one file as an artifact named after the file; returns the new artifact's id. */
  uploadFile(path: string): Promise<number>;
}

export class ArtifactUploadError extends Error {
  override readonly name = "ArtifactUploadError";
}

/**
 * The real uploader: one unarchived file per artifact (`skipArchive`), so downloads need no unzip.
 * @actions/artifact (with its archive, unzip, Azure and protobuf dependencies, the largest part of
 * what every Action start loaded: bench:startup) loads here, when a job opens the artifacts store,
 * not at start: events that run no job never read it. Not at the first upload either: that comes
 * after the agent has run, and the host reads none of its own code from disk once the agent runs
 * (test/action/host-code-before-agent.test.ts).
 */
export async function actionsArtifactUploader(
  options: { retentionDays?: number; client?: DefaultArtifactClient } = {},
): Promise<ArtifactUploader> {
  const client = options.client ?? new (await import("@actions/artifact")).DefaultArtifactClient();
  return {
    async uploadFile(path) {
      const response = await client.uploadArtifact(basename(path), [path], dirname(path), {
        skipArchive: true,
        ...(options.retentionDays !== undefined ? { retentionDays: options.retentionDays } : {}),
      });
      if (response.id === undefined) {
        throw new ArtifactUploadError(`uploading ${basename(path)} returned no artifact id`);
      }
      return response.id;
    },
  };
}
