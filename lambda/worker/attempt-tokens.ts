import { DeleteItemCommand, type DynamoDBClient, UpdateItemCommand } from "@aws-sdk/client-dynamodb";

/** Installation tokens live an hour; the record outlives them a little, then DynamoDB's TTL drops it. */
const TOKEN_LIFETIME_SECONDS = 3600 + 300;

/**
 * The installation tokens each attempt of a job minted and has not revoked yet, so that the next
 * attempt of the same job revokes what a killed attempt left (Lambda timeout, out of memory: no
 * `finally` runs). One item per job (`attempt-tokens#<job id>`) in the worker's slots table, a string
 * set that every mint adds to and every revocation takes from.
 *
 * Storing a token is no wider than what the worker holds anyway: its role reads the App's private key
 * and can mint any installation token; the table is the worker's alone, encrypted, and each record
 * expires with its tokens. The next attempt only starts once the message's visibility timeout has
 * passed, which the stack sets above the worker's timeout, so the attempt that minted them is gone.
 */
export class AttemptTokens {
  constructor(
    private readonly dynamodb: DynamoDBClient,
    private readonly tableName: string,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Adds a token this attempt minted, before it is used. */
  async record(jobId: string, token: string): Promise<void> {
    await this.dynamodb.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { id: { S: attemptKey(jobId) } },
        UpdateExpression: "ADD tokens :token SET expiration = :expiration",
        ExpressionAttributeValues: {
          ":token": { SS: [token] },
          ":expiration": { N: String(this.nowSeconds() + TOKEN_LIFETIME_SECONDS) },
        },
      }),
    );
  }

  /** Tokens earlier attempts of this job minted and never revoked; the record is gone afterwards. */
  async takeLeftovers(jobId: string): Promise<string[]> {
    const { Attributes } = await this.dynamodb.send(
      new DeleteItemCommand({
        TableName: this.tableName,
        Key: { id: { S: attemptKey(jobId) } },
        ReturnValues: "ALL_OLD",
      }),
    );
    return Attributes?.tokens?.SS ?? [];
  }

  /** This attempt revoked these tokens itself: nothing is left for the next one to do about them. */
  async forget(jobId: string, tokens: readonly string[]): Promise<void> {
    if (tokens.length === 0) return;
    await this.dynamodb.send(
      new UpdateItemCommand({
        TableName: this.tableName,
        Key: { id: { S: attemptKey(jobId) } },
        UpdateExpression: "DELETE tokens :tokens",
        ExpressionAttributeValues: { ":tokens": { SS: [...tokens] } },
      }),
    );
  }
}

function attemptKey(jobId: string): string {
  return `attempt-tokens#${jobId}`;
}
