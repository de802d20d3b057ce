// The least the model gateway must load: look up the job's token, read the provider key.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";

export const handler = async () => [new DynamoDBClient({}), new SecretsManagerClient({})].length;
