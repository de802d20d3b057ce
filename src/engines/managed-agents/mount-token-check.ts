/**
 * What a door knows about the token it mounts the repository with. The agent in Anthropic's
 * container reads every file there without asking, so whatever the PR made of it holds that token:
 * it must not be able to write.
 */
export interface MountTokenRules {
  /** How the door's user set the token, for the error (`repository_read_token`, `GITHUB_READ_TOKEN`). */
  name: string;
  /** Credentials the door holds that can write (the workflow's github_token): never a mount token. */
  writeTokens?: ReadonlyArray<{ name: string; value: string }>;
}

/**
 * GitHub's prefixes for classic personal access tokens and OAuth app tokens. Their scopes are not per
 * repository: the one scope that reads a private repository (`repo`) also pushes to it, and a public
 * repository needs no token at all, so such a mount token can always write where it is needed.
 */
const SCOPED_TOKEN_PREFIXES = ["ghp_", "gho_"];

/** Throws, naming the setting and never the value, when the mount token is one that can write. */
export function refuseWritableMountToken(token: string, rules: MountTokenRules): void {
  // No token (a public repository) matches no unset write token.
  const writer = rules.writeTokens?.find((candidate) => candidate.value !== "" && candidate.value === token);
  if (writer) {
    throw new Error(
      `${rules.name} is ${writer.name}, which can write; the agent's container must get a token that can only read: a fine-grained token or a GitHub App installation token with contents: read on this repository`,
    );
  }
  if (SCOPED_TOKEN_PREFIXES.some((prefix) => token.startsWith(prefix))) {
    throw new Error(
      `${rules.name} is a classic personal access token or OAuth token (${SCOPED_TOKEN_PREFIXES.join(", ")}): one that can read a private repository can write to it; give a fine-grained token with contents: read on this repository`,
    );
  }
}
