import { aws_dynamodb as dynamodb, RemovalPolicy } from "aws-cdk-lib";
import type { Construct } from "constructs";

/**
 * Every table of the stack holds short-lived items keyed by `id` that DynamoDB's TTL removes through
 * their `expiration` attribute, so a table is one shape: on demand, AWS-managed encryption, and
 * destroyed with the stack (nothing in it outlives a job by more than days).
 */
export function expiringTable(scope: Construct, id: string): dynamodb.Table {
  return new dynamodb.Table(scope, id, {
    partitionKey: { name: "id", type: dynamodb.AttributeType.STRING },
    billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
    timeToLiveAttribute: "expiration",
    encryption: dynamodb.TableEncryption.AWS_MANAGED,
    removalPolicy: RemovalPolicy.DESTROY,
  });
}
