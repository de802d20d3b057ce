import path from "node:path";
import { FsTranscriptStore } from "../sessions/fs-transcript-store.js";
import { openS3TranscriptStore } from "../sessions/open-s3-transcript-store.js";
import type { TranscriptStore } from "../sessions/transcript-store.js";
import type { CliIo } from "./cli-io.js";
import { cliEnvironment } from "./cli-settings.js";
import { UsageError } from "./usage-error.js";

/**
 * The store a `--store` option names: `s3://bucket/prefix` (AWS credentials and region from the
 * environment) or a directory (default: the local review store under ./.git/claude-pr-runner/sessions).
 * The AWS SDK loads only for an S3 store (openS3TranscriptStore).
 */
export async function openCliStore(location: string | undefined, io: CliIo): Promise<TranscriptStore> {
  if (location?.startsWith("s3://")) {
    const [bucket, ...prefix] = location.slice("s3://".length).split("/");
    if (!bucket) throw new UsageError(`--store ${location}: name the bucket, s3://bucket/prefix`);
    const variables = cliEnvironment(io.env);
    return openS3TranscriptStore(
      {
        ...(variables.AWS_REGION ? { region: variables.AWS_REGION } : {}),
        ...(variables.AWS_ENDPOINT_URL_S3 ? { endpoint: variables.AWS_ENDPOINT_URL_S3 } : {}),
      },
      bucket,
      prefix.join("/"),
    );
  }
  return new FsTranscriptStore({ root: path.resolve(io.cwd, location ?? ".git/claude-pr-runner/sessions") });
}
