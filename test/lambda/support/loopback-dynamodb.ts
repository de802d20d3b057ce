import type { AddressInfo } from "node:net";
import { CreateTableCommand, DynamoDBClient, UpdateTimeToLiveCommand } from "@aws-sdk/client-dynamodb";
import dynalite from "dynalite";

export const TEST_CREDENTIALS = { accessKeyId: "test", secretAccessKey: "test" };
export const TEST_REGION = "us-east-1";

/** dynalite (a DynamoDB protocol server, in memory) on an ephemeral loopback port. */
export class LoopbackDynamoDb {
  private constructor(
    private readonly server: ReturnType<typeof dynalite>,
    readonly endpoint: string,
    readonly client: DynamoDBClient,
  ) {}

  static async start(): Promise<LoopbackDynamoDb> {
    const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const client = new DynamoDBClient({ endpoint, region: TEST_REGION, credentials: TEST_CREDENTIALS });
    return new LoopbackDynamoDb(server, endpoint, client);
  }

  /** Same key schema and TTL attribute as the stack's idempotency table. */
  async createIdempotencyTable(tableName: string): Promise<void> {
    await this.client.send(
      new CreateTableCommand({
        TableName: tableName,
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
        AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
    await this.client
      .send(
        new UpdateTimeToLiveCommand({
          TableName: tableName,
          TimeToLiveSpecification: { AttributeName: "expiration", Enabled: true },
        }),
      )
      .catch(() => undefined); // dynalite does not implement TTL; expiry is checked by Powertools itself
  }

  /** The stack's Managed Agents sessions table: the `id` key plus the sparse open-sessions index. */
  async createSessionsTable(tableName: string, indexName: string): Promise<void> {
    await this.client.send(
      new CreateTableCommand({
        TableName: tableName,
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
        AttributeDefinitions: [
          { AttributeName: "id", AttributeType: "S" },
          { AttributeName: "open", AttributeType: "S" },
          { AttributeName: "openedAt", AttributeType: "N" },
        ],
        GlobalSecondaryIndexes: [
          {
            IndexName: indexName,
            KeySchema: [
              { AttributeName: "open", KeyType: "HASH" },
              { AttributeName: "openedAt", KeyType: "RANGE" },
            ],
            Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["deadlineAt"] },
          },
        ],
        BillingMode: "PAY_PER_REQUEST",
      }),
    );
  }

  async close(): Promise<void> {
    this.client.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
