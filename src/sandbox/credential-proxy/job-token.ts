import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The per-job secret the agent presents instead of a real credential: 32 random bytes, compared in
 * constant time. Both sides are hashed first so that the comparison neither leaks the length nor
 * throws on a length mismatch.
 */
export class JobToken {
  readonly value: string;
  private readonly digest: Buffer;

  constructor(value = `cpr-proxy-${randomBytes(32).toString("base64url")}`) {
    this.value = value;
    this.digest = sha256(value);
  }

  matches(presented: string): boolean {
    return timingSafeEqual(this.digest, sha256(presented));
  }
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}
