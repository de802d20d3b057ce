import type { SessionsS3Location } from "./sessions-s3-client.js";
import type { TranscriptStore } from "./transcript-store.js";

/**
 * An S3 session store, for the Action's and the command line's `s3://` store alike. The store and
 * the AWS SDK's S3 client load here, not when a door starts: the SDK was a large part of what every
 * start loaded (bench:startup), and neither door's default store is S3.
 */
export async function openS3TranscriptStore(
  location: SessionsS3Location,
  bucket: string,
  prefix: string,
): Promise<TranscriptStore> {
  const [{ S3TranscriptStore }, { sessionsS3Client }] = await Promise.all([
    import("./s3-transcript-store.js"),
    import("./sessions-s3-client.js"),
  ]);
  return new S3TranscriptStore({ client: sessionsS3Client(location), bucket, prefix });
}
