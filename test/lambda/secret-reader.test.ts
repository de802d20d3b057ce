import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SECRET_STORES } from "../../lambda/shared/all-secret-stores.js";
import {
  parseSecretReference,
  SecretReader,
  SecretReferenceError,
} from "../../lambda/shared/secret-reader.js";
import { loadSecretsManagerStore } from "../../lambda/shared/secrets-manager-store.js";
import { SecretsDouble } from "./support/secrets-double.js";

// The real Powertools providers and AWS SDK clients, loaded on first use, against a loopback double
// of Secrets Manager and SSM.
let secrets: SecretsDouble;
const savedEnv = { ...process.env };

beforeAll(async () => {
  secrets = await SecretsDouble.start({ "prod/webhook": "hook-secret", "/prod/app-key": "pem", blank: "" });
  Object.assign(process.env, {
    AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "AKIDEXAMPLE",
    AWS_SECRET_ACCESS_KEY: "secret",
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
    AWS_ENDPOINT_URL_SSM: secrets.endpoint,
  });
});

afterAll(async () => {
  process.env = savedEnv;
  await secrets?.close();
});

describe("SecretReader", () => {
  it("reads each store through its own client, loaded on first use, and caches within maxAge", async () => {
    const reader = new SecretReader(ALL_SECRET_STORES);
    const webhook = parseSecretReference("secretsmanager:prod/webhook", "WEBHOOK_SECRET");
    await reader.prepare(webhook);
    // Preparing loads the client; it asks the store nothing.
    expect(secrets.requests).toEqual([]);
    expect(await reader.read(webhook)).toBe("hook-secret");
    expect(await reader.read(webhook)).toBe("hook-secret");
    expect(await reader.read(parseSecretReference("ssm:/prod/app-key", "GITHUB_APP_PRIVATE_KEY"))).toBe(
      "pem",
    );
    expect(secrets.requests).toEqual([
      { target: "secretsmanager.GetSecretValue", id: "prod/webhook" },
      { target: "AmazonSSM.GetParameter", id: "/prod/app-key" },
    ]);
  });

  it("an empty secret is refused by its id, never its value; a missing one fails with the store's error", async () => {
    const reader = new SecretReader(ALL_SECRET_STORES);
    await expect(reader.read({ store: "secretsmanager", id: "blank" })).rejects.toThrow(SecretReferenceError);
    await expect(reader.read({ store: "secretsmanager", id: "blank" })).rejects.toThrow(
      'secretsmanager secret "blank" is empty or missing',
    );
    await expect(reader.read({ store: "ssm", id: "/nowhere" })).rejects.toThrow(/nowhere/);
  });

  it("a function given only Secrets Manager refuses an ssm reference by name at prepare, and asks no store", async () => {
    const reader = new SecretReader({ secretsmanager: loadSecretsManagerStore });
    const before = secrets.requests.length;
    const ssm = parseSecretReference("ssm:/prod/app-key", "WEBHOOK_SECRET");
    await expect(reader.prepare(ssm)).rejects.toThrow(
      'ssm secret "/prod/app-key": this function reads secrets from secretsmanager only',
    );
    await expect(reader.read(ssm)).rejects.toThrow(SecretReferenceError);
    expect(secrets.requests.length).toBe(before);
    expect(await reader.read({ store: "secretsmanager", id: "prod/webhook" })).toBe("hook-secret");
  });

  it("references: a prefix names the store, a bare id is Secrets Manager, an empty one is refused", () => {
    expect(parseSecretReference(" ssm:/a ", "V")).toEqual({ store: "ssm", id: "/a" });
    expect(parseSecretReference("arn:aws:secretsmanager:x", "V")).toEqual({
      store: "secretsmanager",
      id: "arn:aws:secretsmanager:x",
    });
    expect(() => parseSecretReference("ssm:", "V")).toThrow("V names a store but no secret id");
    expect(() => parseSecretReference("  ", "V")).toThrow("V is empty");
  });
});
