import { createHash, randomBytes } from "node:crypto";
import {
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { writeIfConditionHolds } from "./write-if-condition-holds.js";

/** What the gateway knows about a token: whose job it is and how much it may still spend. */
export interface GatewayGrant {
  jobId: string;
  capUsd: number;
  spentUsd: number;
  /** Epoch seconds; DynamoDB's TTL removes the item some time after, the gateway refuses at once. */
  expiresAt: number;
}

/**
 * Per-job model-gateway tokens in DynamoDB. Only a SHA-256 of the token is stored, so the table (or
 * a log of it) never holds a usable credential. The orchestrator mints one per job and deletes it when
 * the job ends; the item's TTL is the backstop if the orchestrator dies first.
 */
export class GatewayTokens {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
    private readonly now: () => number = Date.now,
  ) {}

  async mint(jobId: string, capUsd: number, ttlSeconds: number): Promise<string> {
    const token = `cprg_${randomBytes(32).toString("base64url")}`;
    await this.dynamodb.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          id: { S: tokenId(token) },
          jobId: { S: jobId },
          capUsd: { N: String(capUsd) },
          spentUsd: { N: "0" },
          expiration: { N: String(Math.floor(this.now() / 1000) + ttlSeconds) },
        },
        ConditionExpression: "attribute_not_exists(id)",
      }),
    );
    return token;
  }

  /** The grant for a token, or undefined when unknown, revoked or expired. */
  async grant(token: string): Promise<GatewayGrant | undefined> {
    const out = await this.dynamodb.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { id: { S: tokenId(token) } },
        ConsistentRead: true,
      }),
    );
    const item = out.Item;
    if (!item?.jobId?.S) return undefined;
    const grant: GatewayGrant = {
      jobId: item.jobId.S,
      capUsd: Number(item.capUsd?.N ?? 0),
      spentUsd: Number(item.spentUsd?.N ?? 0),
      expiresAt: Number(item.expiration?.N ?? 0),
    };
    return grant.expiresAt > this.now() / 1000 ? grant : undefined;
  }

  /** Adds metered spend; a revoked token's spend is dropped (the item is gone, nothing to bill). */
  async addSpend(token: string, usd: number): Promise<void> {
    if (usd <= 0) return;
    await writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: tokenId(token) } },
          UpdateExpression: "ADD spentUsd :usd",
          ConditionExpression: "attribute_exists(id)",
          ExpressionAttributeValues: { ":usd": { N: String(usd) } },
        }),
      ),
    );
  }

  async revoke(token: string): Promise<void> {
    await this.dynamodb.send(
      new DeleteItemCommand({ TableName: this.tableName, Key: { id: { S: tokenId(token) } } }),
    );
  }
}

export function tokenId(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
