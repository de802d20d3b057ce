/**
 * Whether our own bot identity wrote something on GitHub. Our hidden markers (fingerprints, sticky
 * keys) are plain text anyone can paste, so a comment, review or issue counts as ours only when its
 * author is us: the logins given to `createGitHubClient` (`ownLogins`), else any Bot account, which
 * is what GITHUB_TOKEN (`github-actions[bot]`) and GitHub Apps (`<slug>[bot]`) post as. A person
 * can never author as a Bot, so a PR author pasting a marker cannot forge "already posted".
 */
export interface Author {
  login: string;
  type?: string;
}

const ownLogins = new WeakMap<object, string[]>();

export function registerOwnLogins(client: object, logins: readonly string[]): void {
  if (logins.length > 0)
    ownLogins.set(
      client,
      logins.map((l) => l.toLowerCase()),
    );
}

/** The logins registered for `client` (lower case), or undefined when any Bot counts. */
export function ownLoginsOf(client: object): string[] | undefined {
  return ownLogins.get(client);
}

export function writtenByUs(client: object, author: Author | null | undefined): boolean {
  if (!author) return false;
  const logins = ownLogins.get(client);
  return logins ? logins.includes(author.login.toLowerCase()) : author.type === "Bot";
}
