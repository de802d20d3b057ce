import type { SecretStore } from "./secret-reader.js";

/** Secrets Manager through Powertools' provider, loaded when a reference first names it. */
export async function loadSecretsManagerStore(): Promise<SecretStore> {
  const { SecretsProvider } = await import("@aws-lambda-powertools/parameters/secrets");
  return new SecretsProvider();
}
