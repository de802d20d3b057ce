import { readFileSync } from "node:fs";
import { textSetting, textWithDefault } from "../jobs/settings/setting-values.js";
import { SettingsError, settingsReader } from "../jobs/settings/settings-reader.js";
import type { SessionsS3Location } from "../sessions/sessions-s3-client.js";

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
  /** `ANTHROPIC_API_KEY` of the step's environment, for the remote engine when no input names a key. */
  anthropicApiKey?: string;
  /** `ANTHROPIC_BASE_URL`: a gateway in front of Anthropic's API, for the remote engine. */
  anthropicBaseUrl?: string;
  /** `AWS_REGION` and `AWS_ENDPOINT_URL_S3`, for an `s3://` session store. */
  s3: SessionsS3Location;
}

export class ActionContextError extends Error {
  override name = "ActionContextError";
}

const IN_A_JOB = "this step must run inside a GitHub Actions job";

/** The variables the Action reads, described once (its inputs are ACTION_INPUTS in action-inputs.ts). */
const readActionEnvironment = settingsReader(
  {
    GITHUB_EVENT_PATH: { type: "string", hint: IN_A_JOB },
    GITHUB_EVENT_NAME: { type: "string", hint: IN_A_JOB },
    GITHUB_REPOSITORY: { type: "string", pattern: "^[^/]+/[^/]+$", mustBe: "owner/repo", hint: IN_A_JOB },
    GITHUB_SERVER_URL: textWithDefault("https://github.com"),
    GITHUB_API_URL: textWithDefault("https://api.github.com"),
    GITHUB_RUN_ID: textSetting,
    GITHUB_WORKSPACE: textSetting,
    RUNNER_TEMP: textWithDefault("/tmp"),
    GITHUB_ACTOR: textWithDefault(""),
    ANTHROPIC_API_KEY: textSetting,
    ANTHROPIC_BASE_URL: textSetting,
    AWS_REGION: textSetting,
    AWS_ENDPOINT_URL_S3: textSetting,
  },
  { required: ["GITHUB_EVENT_PATH", "GITHUB_EVENT_NAME", "GITHUB_REPOSITORY"] },
);

export function readActionContext(env: NodeJS.ProcessEnv): ActionContext {
  let variables: ReturnType<typeof readActionEnvironment>;
  try {
    variables = readActionEnvironment(env);
  } catch (error) {
    if (error instanceof SettingsError) throw new ActionContextError(error.message);
    throw error;
  }
  const eventPath = variables.GITHUB_EVENT_PATH;
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new ActionContextError(
      `cannot read the event payload at ${eventPath}: ${(error as Error).message}`,
    );
  }
  const [owner = "", repo = ""] = variables.GITHUB_REPOSITORY.split("/");
  const serverUrl = variables.GITHUB_SERVER_URL;
  const repository = payload.repository as { default_branch?: unknown } | undefined;
  const {
    GITHUB_RUN_ID: runId,
    ANTHROPIC_API_KEY: anthropicApiKey,
    ANTHROPIC_BASE_URL: anthropicBaseUrl,
  } = variables;
  return {
    eventName: variables.GITHUB_EVENT_NAME,
    payload,
    owner,
    repo,
    defaultBranch: typeof repository?.default_branch === "string" ? repository.default_branch : "main",
    apiUrl: variables.GITHUB_API_URL,
    serverUrl,
    ...(runId ? { runUrl: `${serverUrl}/${owner}/${repo}/actions/runs/${runId}` } : {}),
    workspace: variables.GITHUB_WORKSPACE ?? process.cwd(),
    runnerTemp: variables.RUNNER_TEMP,
    actor: variables.GITHUB_ACTOR,
    ...(anthropicApiKey ? { anthropicApiKey } : {}),
    ...(anthropicBaseUrl ? { anthropicBaseUrl } : {}),
    s3: {
      ...(variables.AWS_REGION ? { region: variables.AWS_REGION } : {}),
      ...(variables.AWS_ENDPOINT_URL_S3 ? { endpoint: variables.AWS_ENDPOINT_URL_S3 } : {}),
    },
  };
}
