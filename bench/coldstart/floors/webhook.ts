// The least a webhook must load: verify GitHub's signature, remember the delivery, queue the job.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { SQSClient } from "@aws-sdk/client-sqs";
import { verify } from "@octokit/webhooks-methods";

export const handler = async () => [verify, new DynamoDBClient({}), new SQSClient({})].length;
