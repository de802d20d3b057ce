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

/** What the reader asks of a store: a value by id, cached for `maxAge` seconds (Powertools' providers). */
export interface SecretStore {
  get(id: string, options: { maxAge: number }): Promise<unknown>;
}

/** The stores a function can read, each loaded when a reference first names it. */
export type SecretStoreLoaders = { readonly [S in SecretReference["store"]]?: () => Promise<SecretStore> };

export interface SecretReaderOptions {
  maxAgeSeconds?: number;
}

/**
 * Each store's client is loaded when a reference first names that store, so a function whose secrets
 * are all in Secrets Manager never loads the SSM client, and the other way round. A function that
 * reads a secret on every request loads its store during its cold start with `prepare`, not on its
 * first request. A function is given only the stores it may use (`all-secret-stores.ts`, or one
 * store's module): a reference to another store is refused with a clear error, at `prepare` when the
 * function prepares it.
 */
export class SecretReader {
  private readonly stores = new Map<SecretReference["store"], () => Promise<SecretStore>>();
  private readonly maxAge: number;

  constructor(loaders: SecretStoreLoaders, options: SecretReaderOptions = {}) {
    for (const [store, load] of Object.entries(loaders) as Array<
      [SecretReference["store"], () => Promise<SecretStore>]
    >)
      this.stores.set(store, loadedOnce(load));
    this.maxAge = options.maxAgeSeconds ?? 300;
  }

  /** Loads the client of the store `reference` names, so the first read does not pay for it. */
  async prepare(reference: SecretReference): Promise<void> {
    await this.storeOf(reference);
  }

  async read(reference: SecretReference): Promise<string> {
    const value = await (await this.storeOf(reference)).get(reference.id, { maxAge: this.maxAge });
    if (typeof value === "string" && value !== "") return value;
    if (value instanceof Uint8Array) return Buffer.from(value).toString("utf8");
    // The id is safe to log; the value never is.
    throw new SecretReferenceError(`${reference.store} secret "${reference.id}" is empty or missing`);
  }

  private async storeOf(reference: SecretReference): Promise<SecretStore> {
    const load = this.stores.get(reference.store);
    if (!load)
      throw new SecretReferenceError(
        `${reference.store} secret "${reference.id}": this function reads secrets from ${[...this.stores.keys()].join(" and ")} only`,
      );
    return load();
  }
}

/** `load` runs once and its result is kept; a failed load is not kept, so the next call tries again. */
function loadedOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
