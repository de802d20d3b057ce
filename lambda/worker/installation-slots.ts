import {
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  UpdateItemCommand,
} from "@aws-sdk/client-dynamodb";
import { writeIfConditionHolds } from "../shared/write-if-condition-holds.js";

/**
 * Per-installation fairness: how many jobs of one installation may run at once, so one installation's
 * flood of PRs cannot take every worker while another installation's job waits.
 *
 * One item per installation holds a map of leases (job id → expiry, epoch seconds). A job takes a
 * lease with a conditional update that only succeeds while the map has fewer than `cap` entries, so
 * concurrent workers can never overshoot. A lease is removed when its job ends; a worker killed
 * mid-job (Lambda timeout, out of memory) cannot remove it, so every lease also expires when its job's
 * deadline has passed, and expired leases are swept by whoever next finds the installation full.
 *
 * Receives spent waiting for a lease are counted per message (`deferrals`), so the worker can tell
 * them apart from attempts that ran the job: waiting for a fair share is neither a failure nor a retry.
 */
export class InstallationSlots {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /**
   * Takes (or renews) `jobId`'s lease on one of the installation's `cap` slots until `leaseSeconds`
   * from now. False when all slots are held by live leases of other jobs.
   */
  async acquire(installationId: number, jobId: string, cap: number, leaseSeconds: number): Promise<boolean> {
    const key = slotsKey(installationId);
    // Three rounds at most: create the item, sweep expired leases, take the slot.
    for (let round = 0; round < 3; round++) {
      const taken = await writeIfConditionHolds(() =>
        this.dynamodb.send(
          new UpdateItemCommand({
            TableName: this.tableName,
            Key: { id: { S: key } },
            UpdateExpression: "SET leases.#job = :expires",
            ConditionExpression:
              "attribute_exists(leases) AND (attribute_exists(leases.#job) OR size(leases) < :cap)",
            ExpressionAttributeNames: { "#job": jobId },
            ExpressionAttributeValues: {
              ":expires": { N: String(this.nowSeconds() + leaseSeconds) },
              ":cap": { N: String(cap) },
            },
          }),
        ),
      );
      if (taken) return true;
      const leases = await this.leases(key);
      if (leases === undefined) {
        await this.createItem(key);
        continue;
      }
      const now = this.nowSeconds();
      const expired = Object.entries(leases).filter(([, expires]) => expires <= now);
      if (expired.length === 0) return false;
      await this.sweep(key, expired);
    }
    return false;
  }

  /** Gives the job's slot back (idempotent). */
  async release(installationId: number, jobId: string): Promise<void> {
    await writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: slotsKey(installationId) } },
          UpdateExpression: "REMOVE leases.#job",
          ConditionExpression: "attribute_exists(leases)",
          ExpressionAttributeNames: { "#job": jobId },
        }),
      ),
    );
  }

  /** Job ids holding a live lease of the installation now. */
  async holders(installationId: number): Promise<string[]> {
    const now = this.nowSeconds();
    const leases = (await this.leases(slotsKey(installationId))) ?? {};
    return Object.entries(leases)
      .filter(([, expires]) => expires > now)
      .map(([jobId]) => jobId)
      .sort();
  }

  /** Counts one more receive of `messageId` spent waiting for a slot; returns the new total. */
  async countDeferral(messageId: string, ttlSeconds: number): Promise<number> {
    const out = await this.dynamodb.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { id: { S: deferralKey(messageId) } },
        UpdateExpression: "ADD deferrals :one SET expiration = :expiration",
        ExpressionAttributeValues: {
          ":one": { N: "1" },
          ":expiration": { N: String(this.nowSeconds() + ttlSeconds) },
        },
        ReturnValues: "UPDATED_NEW",
      }),
    );
    return Number(out.Attributes?.deferrals?.N ?? "1");
  }

  /** Receives of `messageId` that only waited for a slot. */
  async deferrals(messageId: string): Promise<number> {
    const out = await this.dynamodb.send(
      new GetItemCommand({
        TableName: this.tableName,
        Key: { id: { S: deferralKey(messageId) } },
        ConsistentRead: true,
      }),
    );
    return Number(out.Item?.deferrals?.N ?? "0");
  }

  private async leases(key: string): Promise<Record<string, number> | undefined> {
    const out = await this.dynamodb.send(
      new GetItemCommand({ TableName: this.tableName, Key: { id: { S: key } }, ConsistentRead: true }),
    );
    const map = out.Item?.leases?.M;
    if (!map) return undefined;
    return Object.fromEntries(Object.entries(map).map(([jobId, v]) => [jobId, Number(v.N ?? "0")]));
  }

  private async createItem(key: string): Promise<void> {
    await writeIfConditionHolds(() =>
      this.dynamodb.send(
        new PutItemCommand({
          TableName: this.tableName,
          Item: { id: { S: key }, leases: { M: {} } },
          ConditionExpression: "attribute_not_exists(id)",
        }),
      ),
    );
  }

  /** Removes leases seen expired, each only if nobody renewed it meanwhile. */
  private async sweep(key: string, expired: [string, number][]): Promise<void> {
    const names = Object.fromEntries(expired.map(([jobId], i) => [`#e${i}`, jobId]));
    const values = Object.fromEntries(expired.map(([, expires], i) => [`:e${i}`, { N: String(expires) }]));
    await writeIfConditionHolds(() =>
      this.dynamodb.send(
        new UpdateItemCommand({
          TableName: this.tableName,
          Key: { id: { S: key } },
          UpdateExpression: `REMOVE ${expired.map((_, i) => `leases.#e${i}`).join(", ")}`,
          ConditionExpression: expired.map((_, i) => `leases.#e${i} = :e${i}`).join(" AND "),
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    );
  }
}

const slotsKey = (installationId: number) => `slots#${installationId}`;
const deferralKey = (messageId: string) => `deferrals#${messageId}`;
