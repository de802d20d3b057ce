import { readFileSync } from "node:fs";

/** The facts a GitHub Actions runner gives a JavaScript action through its environment. */
export interface ActionContext {
  eventName: string;
  payload: Record<string, unknown>;
  owner: string;
  repo: string;
  /** The default branch, from the event's repository object when present. */
  defaultBranch: string;
  apiUrl: string;
  /** The web (and git) server, e.g. https://github.com or a GHES host. */
  serverUrl: string;
  runUrl?: string;
  workspace: string;
  runnerTemp: string;
  actor: string;
}

export class ActionContextError extends Error {
  override name = "ActionContextError";
}

export function readActionContext(env: NodeJS.ProcessEnv): ActionContext {
  const required = (name: string): string => {
    const value = env[name];
    if (!value)
      throw new ActionContextError(`${name} is not set: this step must run inside a GitHub Actions job`);
    return value;
  };
  const eventPath = required("GITHUB_EVENT_PATH");
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new ActionContextError(
      `cannot read the event payload at ${eventPath}: ${(error as Error).message}`,
    );
  }
  const [owner, repo] = required("GITHUB_REPOSITORY").split("/");
  if (!owner || !repo)
    throw new ActionContextError(`GITHUB_REPOSITORY must be owner/repo; got ${env.GITHUB_REPOSITORY}`);
  const serverUrl = env.GITHUB_SERVER_URL ?? "https://github.com";
  const repository = payload.repository as { default_branch?: unknown } | undefined;
  return {
    eventName: required("GITHUB_EVENT_NAME"),
    payload,
    owner,
    repo,
    defaultBranch: typeof repository?.default_branch === "string" ? repository.default_branch : "main",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    serverUrl,
    ...(env.GITHUB_RUN_ID
      ? { runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${env.GITHUB_RUN_ID}` }
      : {}),
    workspace: env.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: env.RUNNER_TEMP ?? "/tmp",
    actor: env.GITHUB_ACTOR ?? "",
  };
}
