/** The actor of an event: a login and, when the payload has it, the account type. */
export interface Actor {
  login: string;
  type?: string;
}

export function isBotActor(actor: Actor): boolean {
  return actor.type === "Bot" || actor.login.toLowerCase().endsWith("[bot]");
}

export class BotActorRefusedError extends Error {
  override readonly name = "BotActorRefusedError";
  constructor(readonly login: string) {
    super(
      `actor "${login}" is a bot and is not in the allowed bots list; add it to allowed_bots to let it trigger runs`,
    );
  }
}

/**
 * Bots trigger runs only when allowlisted: a bot reacting to our own comments would otherwise loop, and
 * a third-party bot must not spend the budget. Matching ignores case and an optional `[bot]` suffix.
 */
export function assertActorAllowed(actor: Actor, allowedBots: readonly string[] = []): void {
  if (!isBotActor(actor)) return;
  const norm = (s: string) => s.toLowerCase().replace(/\[bot\]$/, "");
  if (allowedBots.some((b) => b === "*" || norm(b) === norm(actor.login))) return;
  throw new BotActorRefusedError(actor.login);
}
