import {
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { RemoteReviewRecord } from "../../src/jobs/review/remote-review.js";
import { writeIfConditionHolds } from "./write-if-condition-holds.js";

export type StoredSessionStatus = "running" | "published";

/** A daily spend-cap reservation (the ledger item's key and amount) that the settle step corrects. */
export interface SpendReservationRef {
  key: string;
  amountUsd: number;
}

/** What the door keeps beside the job's record: whose token publishes, and what the job reserved. */
export interface StoredSession {
  record: RemoteReviewRecord;
  status: StoredSessionStatus;
  installationId?: number;
  spendReservation?: SpendReservationRef;
}

/** Items expire after this long (TTL attribute `expiration`): a session never settles after a month. */
const RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * Remote sessions in DynamoDB, one table with two kinds of item: `session#<id>` holds what settling
 * needs (the PR, the head, the check run) and its status; `pr#<owner>/<repo>#<n>` names the PR's
 * latest session, the one a later push would continue.
 */
export class SessionRecordStore {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async put(
    record: RemoteReviewRecord,
    door: { installationId?: number; spendReservation?: SpendReservationRef } = {},
  ): Promise<void> {
    const expiration = { N: String(Math.floor(Date.now() / 1000) + RETENTION_SECONDS) };
    await this.dynamodb.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          id: { S: `session#${record.sessionId}` },
          record: { S: JSON.stringify(record) },
          status: { S: "running" },
          expiration,
          ...(door.installationId === undefined
            ? {}
            : { installationId: { N: String(door.installationId) } }),
          ...(door.spendReservation
            ? { spendReservation: { S: JSON.stringify(door.spendReservation) } }
            : {}),
        },
        ConditionExpression: "attribute_not_exists(id)",
      }),
    );
    await this.dynamodb.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          id: { S: prKey(record) },
          sessionId: { S: record.sessionId },
          headSha: { S: record.headSha },
          expiration,
        },
      }),
    );
  }

  async get(sessionId: string): Promise<StoredSession | undefined> {
    const item = (
      await this.dynamodb.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: { id: { S: `session#${sessionId}` } },
          ConsistentRead: true,
        }),
      )
    ).Item;
    if (!item?.record?.S) return undefined;
    return {
      record: JSON.parse(item.record.S) as RemoteReviewRecord,
      status: (item.status?.S ?? "running") as StoredSessionStatus,
      ...(item.installationId?.N ? { installationId: Number(item.installationId.N) } : {}),
      ...(item.spendReservation?.S
        ? { spendReservation: JSON.parse(item.spendReservation.S) as SpendReservationRef }
        : {}),
    };
  }

  /** Marks the session published; false when another delivery got there first (publish nothing). */
  async claimPublication(sessionId: string): Promise<boolean> {
    return writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: `session#${sessionId}` } },
          UpdateExpression: "SET #s = :published",
          ConditionExpression: "#s = :running",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: { ":published": { S: "published" }, ":running": { S: "running" } },
        }),
      ),
    );
  }

  async latestForPullRequest(pr: {
    owner: string;
    repo: string;
    pullNumber: number;
  }): Promise<{ sessionId: string; headSha: string } | undefined> {
    const item = (
      await this.dynamodb.send(
        new GetItemCommand({
          TableName: this.tableName,
          Key: { id: { S: prKey(pr) } },
          ConsistentRead: true,
        }),
      )
    ).Item;
    return item?.sessionId?.S && item.headSha?.S
      ? { sessionId: item.sessionId.S, headSha: item.headSha.S }
      : undefined;
  }
}

function prKey(pr: { owner: string; repo: string; pullNumber: number }): string {
  return `pr#${pr.owner}/${pr.repo}#${pr.pullNumber}`;
}
