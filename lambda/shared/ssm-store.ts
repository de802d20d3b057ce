import type { SecretStore } from "./secret-reader.js";

/** SSM Parameter Store (SecureString, decrypted) through Powertools' provider, loaded on first use. */
export async function loadSsmStore(): Promise<SecretStore> {
  const { SSMProvider } = await import("@aws-lambda-powertools/parameters/ssm");
  const provider = new SSMProvider();
  return { get: (id, options) => provider.get(id, { ...options, decrypt: true }) };
}
