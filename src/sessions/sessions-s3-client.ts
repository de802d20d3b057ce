import { S3Client } from "@aws-sdk/client-s3";

/** Where a session store's S3 lives, as a door read it (`AWS_REGION`, `AWS_ENDPOINT_URL_S3`). */
export interface SessionsS3Location {
  region?: string;
  endpoint?: string;
}

/**
 * The S3 client for session stores. A custom endpoint usually means an S3-compatible store (MinIO, a
 * local server), which needs path-style addressing; credentials stay with the SDK's default chain and
 * never reach the agent.
 */
export function sessionsS3Client(location: SessionsS3Location): S3Client {
  return new S3Client({
    ...(location.region ? { region: location.region } : {}),
    ...(location.endpoint ? { endpoint: location.endpoint, forcePathStyle: true } : {}),
  });
}
