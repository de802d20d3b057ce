import { type DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { writeIfConditionHolds } from "./write-if-condition-holds.js";

/**
 * Daily spend counters in DynamoDB (one item per scope and UTC day, expired by TTL two days later).
 * A job reserves its whole budget before it starts, with a conditional update, so concurrent jobs
 * cannot both slip under the cap; when it ends the reservation is replaced by what it really cost.
 * A job that crashed keeps its reservation: the money may have been spent.
 */
export class SpendLedger {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `pr#owner/repo#7#2026-12-03` style keys; the day is UTC. */
  key(scope: string): string {
    return `${scope}#${this.now().toISOString().slice(0, 10)}`;
  }

  /**
   * Adds `amountUsd` to the day's total if the total stays within `capUsd`; false when it would not
   * (nothing is added then).
   */
  async reserve(key: string, amountUsd: number, capUsd: number): Promise<boolean> {
    return writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: key } },
          UpdateExpression:
            "ADD spentUsd :amount, jobs :one SET expiration = if_not_exists(expiration, :exp)",
          ConditionExpression: "attribute_not_exists(spentUsd) OR spentUsd <= :limit",
          ExpressionAttributeValues: {
            ":amount": { N: String(amountUsd) },
            ":one": { N: "1" },
            ":limit": { N: String(capUsd - amountUsd) },
            ":exp": { N: String(this.expiry()) },
          },
        }),
      ),
    );
  }

  /** Corrects a reservation by `deltaUsd` (actual cost − reserved amount; negative gives money back). */
  async adjust(key: string, deltaUsd: number): Promise<void> {
    if (deltaUsd === 0) return;
    await this.dynamodb.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { id: { S: key } },
        UpdateExpression: "ADD spentUsd :delta",
        ExpressionAttributeValues: { ":delta": { N: String(deltaUsd) } },
      }),
    );
  }

  /** True exactly once per key: whoever gets it posts the "cap reached" notice. */
  async claimNotice(key: string): Promise<boolean> {
    return writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: key } },
          UpdateExpression: "SET noticed = :yes, expiration = if_not_exists(expiration, :exp)",
          ConditionExpression: "attribute_not_exists(noticed)",
          ExpressionAttributeValues: { ":yes": { BOOL: true }, ":exp": { N: String(this.expiry()) } },
        }),
      ),
    );
  }

  private expiry(): number {
    return Math.floor(this.now().getTime() / 1000) + 2 * 24 * 3600;
  }
}
