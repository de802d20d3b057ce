// The least the session sweep must load: the session records, the settle queue and Anthropic's SDK.
import Anthropic from "@anthropic-ai/sdk";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SQSClient } from "@aws-sdk/client-sqs";

export const handler = async () =>
  [Anthropic, new DynamoDBClient({}), new SQSClient({}), new SecretsManagerClient({})].length;
