import {
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import type { AskRecord } from "../../src/jobs/ask/ask-job.js";
import type { AuditRecord } from "../../src/jobs/audit/audit-job.js";
import type { AutofixRecord } from "../../src/jobs/autofix/autofix-job.js";
import type { ReviewRecord } from "../../src/jobs/review/review-job.js";
import { writeIfConditionHolds } from "./write-if-condition-holds.js";

/** What one started remote session is, for its settle step: a review (no `kind`: the first records), an audit, an autofix or a question. */
export type RemoteJobRecord = ReviewRecord | AuditRecord | AutofixRecord | AskRecord;

/** The record's job kind; a record without one is a review. */
export function remoteJobKind(record: RemoteJobRecord): "review" | "audit" | "autofix" | "ask" {
  return record.kind ?? "review";
}

/**
 * `running` until a settle step claims the right to publish (`settling`, with a lease), then
 * `published`. A claim whose step died lapses with its lease, so a later step can publish instead.
 */
export type StoredSessionStatus = "running" | "settling" | "published";

/**
 * The sparse index of sessions not yet published: only open items carry its keys (`open`, always
 * "open", and `openedAt`, epoch seconds), so the sweeper reads open sessions and nothing else.
 */
export const OPEN_SESSIONS_INDEX = "open-sessions";

/** An open session as the sweeper sees it (the index projects the deadline beside the keys). */
export interface OpenSession {
  sessionId: string;
  openedAt: Date;
  deadlineAt?: Date;
}

/** A daily spend-cap reservation (the ledger item's key and amount) that the settle step corrects. */
export interface SpendReservationRef {
  key: string;
  amountUsd: number;
}

/** What the door keeps beside the job's record: whose token publishes, and what the job reserved. */
export interface StoredSession {
  record: RemoteJobRecord;
  status: StoredSessionStatus;
  /** While `settling`: until when the claiming step holds the right to publish. */
  leaseUntil?: Date;
  installationId?: number;
  spendReservation?: SpendReservationRef;
}

/** Items expire after this long (TTL attribute `expiration`): a session never settles after a month. */
const RETENTION_SECONDS = 30 * 24 * 3600;

/**
 * Remote sessions in DynamoDB, one table with two kinds of item: `session#<id>` holds what settling
 * needs (the job kind, the PR or branch, the pinned head, the check run) and its status; `pr#<owner>/<repo>#<n>` names the PR's
 * latest session, the one a later push would continue.
 */
export class SessionRecordStore {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
  ) {}

  async put(
    record: RemoteJobRecord,
    door: { installationId?: number; spendReservation?: SpendReservationRef } = {},
  ): Promise<void> {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const expiration = { N: String(nowSeconds + RETENTION_SECONDS) };
    const deadline = record.deadlineAt === undefined ? Number.NaN : Date.parse(record.deadlineAt);
    await this.dynamodb.send(
      new PutItemCommand({
        TableName: this.tableName,
        Item: {
          id: { S: `session#${record.sessionId}` },
          record: { S: JSON.stringify(record) },
          status: { S: "running" },
          expiration,
          open: { S: "open" },
          openedAt: { N: String(nowSeconds) },
          ...(Number.isFinite(deadline) ? { deadlineAt: { N: String(Math.floor(deadline / 1000)) } } : {}),
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
    // Only a review is continued by the PR's next push (docs/engines.md).
    if (record.kind !== undefined && record.kind !== "review") return;
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
      record: JSON.parse(item.record.S) as RemoteJobRecord,
      status: (item.status?.S ?? "running") as StoredSessionStatus,
      ...(item.leaseUntil?.N ? { leaseUntil: new Date(Number(item.leaseUntil.N) * 1000) } : {}),
      ...(item.installationId?.N ? { installationId: Number(item.installationId.N) } : {}),
      ...(item.spendReservation?.S
        ? { spendReservation: JSON.parse(item.spendReservation.S) as SpendReservationRef }
        : {}),
    };
  }

  /**
   * Claims the right to publish the session (a conditional write): true for exactly one caller
   * among a webhook's settle step, the sweeper's and any redelivery, until the lease runs out; then a
   * later step may claim it again (the first one died before publishing).
   */
  async claimSettlement(sessionId: string, leaseSeconds: number, now = new Date()): Promise<boolean> {
    const nowSeconds = Math.floor(now.getTime() / 1000);
    return writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: `session#${sessionId}` } },
          UpdateExpression: "SET #s = :settling, leaseUntil = :until",
          ConditionExpression: "#s = :running OR (#s = :settling AND leaseUntil < :now)",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: {
            ":settling": { S: "settling" },
            ":running": { S: "running" },
            ":until": { N: String(nowSeconds + leaseSeconds) },
            ":now": { N: String(nowSeconds) },
          },
        }),
      ),
    );
  }

  /** The claimed session is published: closed for good, and out of the open-sessions index. */
  async markPublished(sessionId: string): Promise<void> {
    await this.dynamodb.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { id: { S: `session#${sessionId}` } },
        UpdateExpression: "SET #s = :published REMOVE leaseUntil, #open, openedAt",
        ExpressionAttributeNames: { "#s": "status", "#open": "open" },
        ExpressionAttributeValues: { ":published": { S: "published" } },
      }),
    );
  }

  /** Gives a claim back after publishing failed, so the next webhook or sweep can try at once. */
  async releaseSettlement(sessionId: string): Promise<void> {
    // Not settling any more (published, or its lease was taken over): nothing to give back.
    await writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: `session#${sessionId}` } },
          UpdateExpression: "SET #s = :running REMOVE leaseUntil",
          ConditionExpression: "#s = :settling",
          ExpressionAttributeNames: { "#s": "status" },
          ExpressionAttributeValues: { ":running": { S: "running" }, ":settling": { S: "settling" } },
        }),
      ),
    );
  }

  /**
   * Sessions still open that were opened within [from, to] (the sparse index, oldest first), every
   * page of the query; `pageSize` bounds each page (DynamoDB's own limit is 1 MB).
   */
  async openSessions(window: { from: Date; to: Date }, pageSize?: number): Promise<OpenSession[]> {
    const found: OpenSession[] = [];
    let startKey: QueryCommand["input"]["ExclusiveStartKey"];
    do {
      const page = await this.dynamodb.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: OPEN_SESSIONS_INDEX,
          KeyConditionExpression: "#open = :open AND openedAt BETWEEN :from AND :to",
          ExpressionAttributeNames: { "#open": "open" },
          ExpressionAttributeValues: {
            ":open": { S: "open" },
            ":from": { N: String(Math.floor(window.from.getTime() / 1000)) },
            ":to": { N: String(Math.floor(window.to.getTime() / 1000)) },
          },
          ...(pageSize ? { Limit: pageSize } : {}),
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      // Only `session#` items carry the index's keys (put sets them, markPublished removes them).
      for (const item of page.Items ?? []) {
        found.push({
          sessionId: String(item.id?.S).slice("session#".length),
          openedAt: new Date(Number(item.openedAt?.N) * 1000),
          ...(item.deadlineAt?.N ? { deadlineAt: new Date(Number(item.deadlineAt.N) * 1000) } : {}),
        });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return found;
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
