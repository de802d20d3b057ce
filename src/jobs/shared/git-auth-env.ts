/**
 * Env vars that make every git process authenticate to GitHub with an installation token WITHOUT
 * writing it anywhere on disk: GIT_CONFIG_COUNT / GIT_CONFIG_KEY_n / GIT_CONFIG_VALUE_n (git >= 2.31)
 * set `http.extraHeader` to `Authorization: basic base64("x-access-token:" + token)`, the header
 * actions/checkout sends, plus GIT_TERMINAL_PROMPT=0 so a rejected token fails instead of waiting for
 * a password on a terminal that does not exist. Returns {} for an undefined/empty token.
 *
 * Why env and not `.git/config` or the remote URL: the agent later runs inside the checkout and can
 * read every file in it; a token in the URL also ends up in git's error messages. Env config lives
 * only in the git child processes the worker starts with it, and `git config --list --show-origin`
 * reports it as "command line:". Pass this env to git, never to the agent process.
 *
 * The GIT_CONFIG_* slots are numbered from 0: merged over an env that already uses them, these
 * replace the first entries (the worker's env does not use them).
 */
export function gitAuthEnv(token: string | undefined): Record<string, string> {
  if (token === undefined || token === "") return {};
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "http.extraHeader",
    GIT_CONFIG_VALUE_0: `Authorization: basic ${basicCredential(token)}`,
    GIT_TERMINAL_PROMPT: "0",
  };
}

/** base64("x-access-token:" + token): the only other form in which the token can leak. */
export function basicCredential(token: string): string {
  return Buffer.from(`x-access-token:${token}`, "utf8").toString("base64");
}
