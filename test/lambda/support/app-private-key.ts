import { generateKeyPairSync } from "node:crypto";

/** A fresh RSA key in the PEM form GitHub hands out for Apps, so @octokit/auth-app signs real JWTs. */
export function appPrivateKeyPem(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ type: "pkcs1", format: "pem" }).toString();
}
