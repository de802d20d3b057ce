import type { DoubleResponse } from "../double-response.js";
import type { DoubleState, RepoState, UserRef } from "../double-state.js";

/** Everything a route handler needs: validated inputs plus the double's state and clocks. */
export interface RouteContext {
  state: DoubleState;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (already validated against the spec), `{}` when absent. */
  body: Record<string, unknown>;
  user: UserRef;
  accept: string;
  /** The request URL as the client sent it (pagination links are built from it). */
  url: URL;
  /** Base for `html_url`s. */
  htmlBase: string;
  nextId(): number;
  now(): string;
  /** The repository named by `{owner}/{repo}`, if seeded. */
  repo(): RepoState | undefined;
  /** Issues a token the double will accept (installation tokens). */
  issueToken(user: UserRef): string;
  /** Stops accepting the token this request was made with (`DELETE /installation/token`). */
  revokePresentedToken(): void;
}

export type RouteHandler = (ctx: RouteContext) => DoubleResponse;
export type RouteTable = Record<string, RouteHandler>;
