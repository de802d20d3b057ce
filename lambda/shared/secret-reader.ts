import { SecretsProvider } from "@aws-lambda-powertools/parameters/secrets";
import { SSMProvider } from "@aws-lambda-powertools/parameters/ssm";

/**
 * Secrets are referenced, never inlined: the stack passes a reference in an environment variable and
 * the function reads the value at run time through Powertools parameters, which caches it for
 * `maxAgeSeconds` so a rotated secret is picked up without a redeploy.
 *
 * A reference is `secretsmanager:<secret id or ARN>` or `ssm:<parameter name>` (SecureString,
 * decrypted). A bare value without a prefix is treated as a Secrets Manager id.
 */
export type SecretReference = { store: "secretsmanager"; id: string } | { store: "ssm"; id: string };

export class SecretReferenceError extends Error {
  override readonly name = "SecretReferenceError";
}

export function parseSecretReference(reference: string, variable: string): SecretReference {
  const trimmed = reference.trim();
  if (trimmed === "")
    throw new SecretReferenceError(`${variable} is empty; set it to secretsmanager:<id> or ssm:<name>`);
  if (trimmed.startsWith("ssm:")) return { store: "ssm", id: requireId(trimmed.slice(4), variable) };
  if (trimmed.startsWith("secretsmanager:"))
    return { store: "secretsmanager", id: requireId(trimmed.slice("secretsmanager:".length), variable) };
  return { store: "secretsmanager", id: trimmed };
}

function requireId(id: string, variable: string): string {
  if (id === "") throw new SecretReferenceError(`${variable} names a store but no secret id`);
  return id;
}

export interface SecretReaderOptions {
  secrets?: SecretsProvider;
  ssm?: SSMProvider;
  maxAgeSeconds?: number;
}

export class SecretReader {
  private secretsProvider: SecretsProvider | undefined;
  private ssmProvider: SSMProvider | undefined;
  private readonly maxAge: number;

  constructor(options: SecretReaderOptions = {}) {
    this.secretsProvider = options.secrets;
    this.ssmProvider = options.ssm;
    this.maxAge = options.maxAgeSeconds ?? 300;
  }

  async read(reference: SecretReference): Promise<string> {
    const value =
      reference.store === "ssm"
        ? await this.ssm().get(reference.id, { decrypt: true, maxAge: this.maxAge })
        : await this.secrets().get(reference.id, { maxAge: this.maxAge });
    if (typeof value === "string" && value !== "") return value;
    if (value instanceof Uint8Array) return Buffer.from(value).toString("utf8");
    // The id is safe to log; the value never is.
    throw new SecretReferenceError(`${reference.store} secret "${reference.id}" is empty or missing`);
  }

  private secrets(): SecretsProvider {
    this.secretsProvider ??= new SecretsProvider();
    return this.secretsProvider;
  }

  private ssm(): SSMProvider {
    this.ssmProvider ??= new SSMProvider();
    return this.ssmProvider;
  }
}
