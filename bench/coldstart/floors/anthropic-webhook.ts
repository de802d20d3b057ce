// The least Anthropic's webhook receiver must load: the SDK's signature check and the settle queue.
import Anthropic from "@anthropic-ai/sdk";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SQSClient } from "@aws-sdk/client-sqs";

export const handler = async () => [Anthropic, new SQSClient({}), new SecretsManagerClient({})].length;
