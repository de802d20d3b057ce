import { S3Client } from "@aws-sdk/client-s3";

/**
 * The S3 client for session stores, from the AWS settings a door read (its environment). A custom endpoint
 * (AWS_ENDPOINT_URL_S3) usually means an S3-compatible store (MinIO, a local server), which needs
 * path-style addressing; credentials stay with the SDK's default chain and never reach the agent.
 */
export function s3ClientFromEnv(env: NodeJS.ProcessEnv): S3Client {
  return new S3Client({
    ...(env.AWS_REGION ? { region: env.AWS_REGION } : {}),
    ...(env.AWS_ENDPOINT_URL_S3 ? { endpoint: env.AWS_ENDPOINT_URL_S3, forcePathStyle: true } : {}),
  });
}
