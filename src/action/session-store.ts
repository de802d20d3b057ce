import type { GitHubClient } from "../github/github-client.js";
import { ArtifactTranscriptStore } from "../sessions/artifact-transcript-store.js";
import { actionsArtifactUploader } from "../sessions/artifact-uploader.js";
import { FsTranscriptStore } from "../sessions/fs-transcript-store.js";
import { openS3TranscriptStore } from "../sessions/open-s3-transcript-store.js";
import type { SessionsS3Location } from "../sessions/sessions-s3-client.js";
import type { TranscriptStore } from "../sessions/transcript-store.js";
import type { ActionInputs } from "./action-inputs.js";

/**
 * The transcript store named by the `session_store` input. Artifacts need no setup on GitHub-hosted
 * runners; S3 uses the runner's AWS credentials (e.g. from aws-actions/configure-aws-credentials),
 * which stay in this process and never reach the agent; `file://` suits self-hosted runners.
 * The S3 client loads only for an `s3://` store (openS3TranscriptStore).
 */
export async function openSessionStore(
  store: ActionInputs["sessionStore"],
  github: { octokit: GitHubClient; owner: string; repo: string },
  /** The runner's AWS_REGION and AWS_ENDPOINT_URL_S3, for an `s3://` store. */
  s3: SessionsS3Location,
  /** Where the artifacts store reports an artifact it refused as not from our own runs. */
  log: (message: string) => void = () => {},
): Promise<TranscriptStore | undefined> {
  switch (store.kind) {
    case "none":
      return undefined;
    case "file":
      return new FsTranscriptStore({ root: store.path });
    case "s3":
      return openS3TranscriptStore(s3, store.bucket, store.prefix);
    case "artifact":
      return new ArtifactTranscriptStore({
        ...github,
        uploader: await actionsArtifactUploader(),
        onRefused: log,
      });
  }
}
