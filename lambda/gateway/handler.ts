import { Logger } from "@aws-lambda-powertools/logger";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { AwsCredentialIdentityProvider } from "@smithy/types";
import type { LambdaFunctionURLEvent } from "aws-lambda";
import { ALL_SECRET_STORES } from "../shared/all-secret-stores.js";
import { GatewayTokens } from "../shared/gateway-tokens.js";
import { SecretReader } from "../shared/secret-reader.js";
import { gatewayConfigFromEnv, gatewayUpstream } from "./gateway-config.js";
import { createModelGateway } from "./model-gateway.js";

// The model gateway behind a Function URL with response streaming: the one function that can read the
// model key. It serves only requests carrying a live per-job token from the tokens table.
interface ResponseStream {
  write(chunk: Uint8Array): boolean;
  end(): void;
}
declare const awslambda: {
  streamifyResponse(fn: (event: LambdaFunctionURLEvent, stream: ResponseStream) => Promise<void>): unknown;
  HttpResponseStream: {
    from(
      stream: ResponseStream,
      meta: { statusCode: number; headers: Record<string, string> },
    ): ResponseStream;
  };
};

const logger = new Logger({ serviceName: "model-gateway" });
const config = gatewayConfigFromEnv(process.env);
const secrets = new SecretReader(ALL_SECRET_STORES);
const gateway = createModelGateway({
  tokens: new GatewayTokens(new DynamoDBClient({}), config.tokensTable),
  // Bedrock signs with the function role's credentials from the standard chain (refreshed as they rotate).
  upstream: gatewayUpstream(config, (reference) => secrets.read(reference), {
    ...(config.provider === "bedrock" ? { aws: roleCredentials() } : {}),
  }),
  log: (message, extra) => logger.info(message, extra),
});

/** The role's credential chain, loaded with the first Bedrock request (no other provider pays its import). */
function roleCredentials(): AwsCredentialIdentityProvider {
  let chain: AwsCredentialIdentityProvider | undefined;
  return async (props) => {
    chain ??= (await import("@aws-sdk/credential-providers")).fromNodeProviderChain();
    return chain(props);
  };
}

export const handler = awslambda.streamifyResponse(async (event, stream) => {
  let out: ResponseStream = stream;
  const query = event.rawQueryString ? `?${event.rawQueryString}` : "";
  await gateway(
    {
      method: event.requestContext.http.method,
      path: `${event.rawPath}${query}`,
      headers: event.headers,
      body: event.body ? Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8") : Buffer.alloc(0),
    },
    {
      start: (statusCode, headers) => {
        out = awslambda.HttpResponseStream.from(stream, { statusCode, headers });
      },
      write: (chunk) => {
        out.write(chunk);
      },
      end: () => out.end(),
    },
  );
});
