// The redactor lives in src/secrets, the one layer both the runner and the publishers may import
// (what must never reach a log and what must never be published are the same list).
export { REDACTED, SecretRedactor, secretValuesIn } from "../secrets/secret-redactor.js";
