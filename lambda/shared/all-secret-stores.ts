import type { SecretStoreLoaders } from "./secret-reader.js";
import { loadSecretsManagerStore } from "./secrets-manager-store.js";
import { loadSsmStore } from "./ssm-store.js";

/**
 * Both stores a secret reference may name. The webhook imports only Secrets Manager's (the stack
 * keeps its signing secret there): esbuild inlines a dynamic import's module, so merely naming the
 * SSM provider put its client's 172 KB in the webhook's bundle.
 */
export const ALL_SECRET_STORES: SecretStoreLoaders = {
  secretsmanager: loadSecretsManagerStore,
  ssm: loadSsmStore,
};
