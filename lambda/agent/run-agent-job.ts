import { mkdir, readdir, readFile, realpath, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SessionRunner } from "../../src/engines/session-runner.js";
import { ToolPolicy } from "../../src/runner/policy/tool-policy.js";
import type { SessionOptions } from "../../src/runner/session-options.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";
import { acquireSessionSlot } from "../../src/runner/session-slot.js";
import { projectSlug } from "../../src/sessions/project-slug.js";
import type { AgentRequest } from "../shared/agent-request.js";
import { packDirectory, unpackTrusted } from "../shared/tarball.js";

export interface AgentJobDeps {
  /** Parent of the job's directory (Lambda: /tmp). */
  workRoot: string;
  claudePath?: string;
  /** The function's environment (handler.ts reads it); only PATH and HOME are offered to the CLI. */
  hostEnv: NodeJS.ProcessEnv;
  runSession: SessionRunner;
  fetch?: typeof fetch;
}

export interface AgentJobResult {
  sessionId?: string;
  exitCode: number;
}

/** A presigned URL answered with something other than 2xx. */
export class AgentTransferError extends Error {
  override readonly name = "AgentTransferError";
}

/**
 * One session inside the agent function: download the workspace and config the orchestrator packed,
 * run the CLI with model traffic going to the gateway under the job's token (the only credential this
 * process ever holds), and upload the outcome, the new transcript and, for editing sessions, the
 * workspace. Everything it wrote is removed before it returns.
 */
export async function runAgentJob(request: AgentRequest, deps: AgentJobDeps): Promise<AgentJobResult> {
  const http = deps.fetch ?? fetch;
  await mkdir(deps.workRoot, { recursive: true });
  // The same private directory on every invocation (one at a time per execution environment): the
  // CLI writes the workspace, config and HOME paths into its system prompt and tool descriptions, so
  // fixed paths let the prompt cache hit across jobs (src/runner/session-slot.ts).
  const slot = await acquireSessionSlot({ tempDir: deps.workRoot });
  const root = slot.dir;
  try {
    const workspace = join(root, "workspace");
    const configDir = join(root, "config");
    await download(http, request.download.workspace, join(root, "workspace.tgz"));
    await download(http, request.download.config, join(root, "config.tgz"));
    await unpackTrusted(join(root, "workspace.tgz"), workspace);
    await unpackTrusted(join(root, "config.tgz"), configDir);
    const cwd = await realpath(workspace);
    await relocateTranscripts(configDir, request.originalCwd, cwd);

    const { policy, ...portable } = request.session;
    const options: SessionOptions = {
      ...portable,
      cwd,
      configDir,
      workRoot: join(root, "session"),
      policy: new ToolPolicy(policy, { workspace: cwd }),
      ...(deps.claudePath ? { claudePath: deps.claudePath } : {}),
      // The agent's whole model credential: the gateway and this job's token. The local proxy relays
      // the provider's requests to the gateway, which authenticates upstream (lambda/gateway).
      providerCredentials: { modelGateway: { url: request.gateway.baseUrl, token: request.gateway.token } },
      env: providerSettingsOf(request),
      // Nothing from this process's own environment is offered to the CLI beyond the runner's allowlist.
      sourceEnv: { PATH: deps.hostEnv.PATH ?? "/usr/bin:/bin", HOME: deps.hostEnv.HOME ?? root },
    };
    const outcome = await deps.runSession(options);

    await upload(http, request.upload.outcome, Buffer.from(JSON.stringify(outcome)), "application/json");
    const transcript = await findTranscript(configDir, outcome);
    if (transcript) await upload(http, request.upload.transcript, transcript, "application/x-ndjson");
    if (request.upload.workspace) {
      const tarball = await packDirectory(cwd, join(root, "result-workspace.tgz"), { exclude: ["./.git"] });
      await upload(http, request.upload.workspace, await readFile(tarball), "application/gzip");
    }
    return { exitCode: outcome.exitCode, ...(outcome.sessionId ? { sessionId: outcome.sessionId } : {}) };
  } finally {
    await slot.release();
  }
}

/** Only the provider's non-secret settings cross; anything else in the request is ignored. */
const PROVIDER_SETTING_NAMES = new Set(["AWS_REGION", "ANTHROPIC_VERTEX_PROJECT_ID", "CLOUD_ML_REGION"]);

function providerSettingsOf(request: AgentRequest): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.gateway.providerSettings ?? {})) {
    if (PROVIDER_SETTING_NAMES.has(name) && typeof value === "string") settings[name] = value;
  }
  return settings;
}

/** The CLI keys transcripts by the real cwd; the restored parent was filed under the orchestrator's. */
async function relocateTranscripts(configDir: string, originalCwd: string, cwd: string): Promise<void> {
  const from = join(configDir, "projects", projectSlug(originalCwd));
  const to = join(configDir, "projects", projectSlug(cwd));
  if (from === to) return;
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

async function findTranscript(configDir: string, outcome: SessionOutcome): Promise<Buffer | undefined> {
  if (!outcome.sessionId) return undefined;
  const projects = join(configDir, "projects");
  for (const dir of await readdir(projects).catch(() => [] as string[])) {
    try {
      return await readFile(join(projects, dir, `${outcome.sessionId}.jsonl`));
    } catch {
      // not in this project directory
    }
  }
  return undefined;
}

async function download(http: typeof fetch, url: string, path: string): Promise<void> {
  const response = await http(url);
  if (!response.ok) throw new AgentTransferError(`download failed with HTTP ${response.status}`);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
}

async function upload(http: typeof fetch, url: string, body: Buffer, contentType: string): Promise<void> {
  const response = await http(url, { method: "PUT", body, headers: { "content-type": contentType } });
  if (!response.ok) throw new AgentTransferError(`upload failed with HTTP ${response.status}`);
}
