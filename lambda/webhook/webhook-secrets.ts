/**
 * The webhook secret as stored in Secrets Manager (or SSM). Either the plain secret, or, while rotating,
 * JSON `{"current": "...", "previous": ["..."]}`: GitHub signs with whatever the App settings hold, so
 * during a rotation both values must verify until the App settings are updated.
 */
export interface WebhookSecrets {
  current: string;
  previous: string[];
}

export class WebhookSecretFormatError extends Error {
  override readonly name = "WebhookSecretFormatError";
}

export function parseWebhookSecrets(raw: string): WebhookSecrets {
  const text = raw.trim();
  if (!text.startsWith("{")) {
    if (text === "") throw new WebhookSecretFormatError("the webhook secret is empty");
    return { current: text, previous: [] };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Never echo the text: it is the secret.
    throw new WebhookSecretFormatError(
      'the webhook secret looks like JSON but does not parse; use {"current": "..."}',
    );
  }
  const { current, previous } = value as { current?: unknown; previous?: unknown };
  if (typeof current !== "string" || current === "")
    throw new WebhookSecretFormatError('the webhook secret JSON needs a non-empty "current" string');
  const list = previous === undefined ? [] : previous;
  if (!Array.isArray(list) || !list.every((p) => typeof p === "string" && p !== ""))
    throw new WebhookSecretFormatError(
      '"previous" in the webhook secret JSON must be an array of non-empty strings',
    );
  return { current, previous: list as string[] };
}
