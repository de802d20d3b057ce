import { ConditionalCheckFailedException } from "@aws-sdk/client-dynamodb";

/**
 * Runs one conditional DynamoDB write. True when it was written; false when its condition did not
 * hold (someone else claimed, created or changed the item first), which each caller reads as its own
 * answer: lost the race, already there, nothing left to remove. Any other error is thrown.
 */
export async function writeIfConditionHolds(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}
