import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import Bottleneck from "bottleneck";
import { neutraliserFor, OutputNeutraliser, registerNeutraliser } from "./neutralise-output.js";
import { registerOwnLogins } from "./own-comments.js";

const OctokitWithPlugins = Octokit.plugin(retry, throttling);

/** The octokit every publisher takes: REST methods, `paginate`, retry and throttling. */
export type GitHubClient = InstanceType<typeof OctokitWithPlugins>;

export interface GitHubClientOptions {
  token: string;
  /** REST base URL; `https://HOST/api/v3` on GitHub Enterprise Server. Default api.github.com. */
  baseUrl?: string;
  userAgent?: string;
  /** Retries for 5xx and network failures (plugin-retry). Default 3. */
  retries?: number;
  /** How often to honour a secondary rate limit or rate limit before giving up. Default 2. */
  rateLimitRetries?: number;
  /**
   * Milliseconds per unit of `retry-after` and per retry step. GitHub's unit is the second (1000);
   * tests pass 1 so a `retry-after: 60` costs 60 ms instead of a minute.
   */
  retryAfterBaseMs?: number;
  /**
   * Spacing between mutating requests (GitHub asks for at least one second to avoid secondary limits),
   * and between requests that notify people (octokit's default: three seconds). Tests pass 0.
   */
  writeSpacingMs?: number;
  notificationSpacingMs?: number;
  /**
   * Values that must never be published through this client (the model key, cloud keys); the token
   * is always among them. Every publisher built on the client redacts them (see `neutraliserFor`).
   */
  secrets?: Iterable<string>;
  /**
   * The logins this token posts as (e.g. `my-app[bot]`). Our hidden markers count only on comments
   * they wrote; default: any Bot account (see `writtenByUs`).
   */
  ownLogins?: readonly string[];
  /** Receives retry notices; never receives the token. */
  log?: (message: string) => void;
  /**
   * Mints a replacement when GitHub answers 401 to the token (an App installation token that expired
   * or was revoked mid-job): the request is sent again once with the new token, which is used from
   * then on and redacted like the first.
   */
  renewToken?: () => Promise<string>;
}

/** How a client retries, for requests that must not be retried blindly (see `createOnce`). */
export interface RetryPolicy {
  retries: number;
  retryAfterBaseMs: number;
  log: (message: string) => void;
}

const policies = new WeakMap<object, RetryPolicy>();

/** The retry settings `createGitHubClient` was given (octokit's defaults for a client built elsewhere). */
export function retryPolicyOf(octokit: GitHubClient): RetryPolicy {
  return policies.get(octokit) ?? { retries: 3, retryAfterBaseMs: 1000, log: () => {} };
}

/**
 * Builds the octokit used for all GitHub traffic: secondary rate limits and `retry-after` are honoured
 * by plugin-throttling, transient 5xx by plugin-retry. Other 4xx are never retried. The publishers send
 * their non-idempotent creates through `createOnce` instead, which looks before it posts again.
 */
export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  if (!options.token)
    throw new TypeError("createGitHubClient: token is empty; pass a GitHub token or App installation token");
  const base = options.retryAfterBaseMs ?? 1000;
  const rateLimitRetries = options.rateLimitRetries ?? 2;
  const log = options.log ?? (() => {});
  const onLimit =
    (kind: string) =>
    (retryAfter: number, request: { method: string; url: string }, _o: unknown, retryCount: number) => {
      const again = retryCount < rateLimitRetries;
      log(
        `${kind} on ${request.method} ${request.url}; ${again ? `retrying after ${retryAfter}s` : "giving up"}`,
      );
      return again;
    };
  const renewing = options.renewToken
    ? renewingTokenAuth(options.token, options.renewToken, (token) => {
        registerNeutraliser(octokit, neutraliserFor(octokit).withSecrets([token]));
        log("GitHub refused the token (401); continuing with a renewed one");
      })
    : undefined;
  const octokit: GitHubClient = new OctokitWithPlugins({
    ...(renewing ? { authStrategy: renewing } : { auth: options.token }),
    baseUrl: (options.baseUrl ?? "https://api.github.com").replace(/\/+$/, ""),
    userAgent: options.userAgent ?? "claude-pr-runner",
    // 406 (diff too large) and 409/413 are answers, not glitches: retrying them only wastes time.
    retry: {
      retries: options.retries ?? 3,
      retryAfterBaseValue: base,
      doNotRetry: [400, 401, 403, 404, 406, 409, 410, 413, 422, 451],
    },
    throttle: {
      retryAfterBaseValue: base,
      write: new Bottleneck.Group({ maxConcurrent: 1, minTime: options.writeSpacingMs ?? 1000 }),
      notifications: new Bottleneck.Group({
        maxConcurrent: 1,
        minTime: options.notificationSpacingMs ?? 3000,
      }),
      onSecondaryRateLimit: onLimit("secondary rate limit"),
      onRateLimit: onLimit("rate limit"),
    },
    log: { debug: () => {}, info: () => {}, warn: log, error: log },
  });
  policies.set(octokit, { retries: options.retries ?? 3, retryAfterBaseMs: base, log });
  registerOwnLogins(octokit, options.ownLogins ?? []);
  registerNeutraliser(
    octokit,
    new OutputNeutraliser({
      secrets: [options.token, ...(options.secrets ?? [])],
      // GitHub's own host is always safe to link; on GHES the server is too.
      trustedHosts: ["github.com", webHostOf(options.baseUrl)],
    }),
  );
  return octokit;
}

type RequestFn = ((options: object) => Promise<unknown>) & {
  endpoint: { merge: (route: unknown, parameters?: unknown) => { headers: Record<string, string> } };
};

/**
 * An Octokit auth strategy for a token that can be renewed: the request hook sets the current token,
 * and on a 401 renews it once (concurrent requests share one renewal) and sends the request again.
 */
function renewingTokenAuth(first: string, renew: () => Promise<string>, renewed: (token: string) => void) {
  let current = first;
  let renewal: Promise<string> | undefined;
  return () => {
    const auth = async () => ({ type: "token", token: current, tokenType: "installation" });
    auth.hook = async (request: RequestFn, route: unknown, parameters?: unknown) => {
      const endpoint = request.endpoint.merge(route, parameters);
      const used = current;
      endpoint.headers.authorization = `token ${used}`;
      try {
        return await request(endpoint);
      } catch (error) {
        if ((error as { status?: number }).status !== 401) throw error;
        if (current === used) {
          renewal ??= renew().then((token) => {
            current = token;
            renewed(token);
            return token;
          });
          await renewal.finally(() => {
            renewal = undefined;
          });
        }
        endpoint.headers.authorization = `token ${current}`;
        return request(endpoint);
      }
    };
    return auth;
  };
}

/** The web host links may point to: github.com for api.github.com, the server itself on GHES. */
export function webHostOf(apiBaseUrl = "https://api.github.com"): string {
  const host = new URL(apiBaseUrl).hostname.toLowerCase();
  return host === "api.github.com" ? "github.com" : host.replace(/^api\./, "");
}
