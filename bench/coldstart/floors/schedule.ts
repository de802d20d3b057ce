// The least the schedule must load: the App's token (to list installations) and the job queue.

import { SecretsManagerClient } from "@aws-sdk/client-secrets-manager";
import { SQSClient } from "@aws-sdk/client-sqs";
import { createAppAuth } from "@octokit/auth-app";

export const handler = async () => [createAppAuth, new SQSClient({}), new SecretsManagerClient({})].length;
