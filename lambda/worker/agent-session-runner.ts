import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { SessionRunner } from "../../src/engines/session-runner.js";
import { compileOutputSchema } from "../../src/runner/compile-output-schema.js";
import { openCodeAllowedBy } from "../../src/runner/policy/open-code.js";
import { projectDir } from "../../src/sessions/project-slug.js";
import { type AgentRequest, portableSessionOptions, sessionEditsFiles } from "../shared/agent-request.js";
import { packDirectory, unpackRegularFiles } from "../shared/tarball.js";
import { readAgentOutcome } from "./agent-outcome.js";
import { applyAgentWorkspace } from "./apply-agent-workspace.js";

/** Hands one AgentRequest to the agent function and waits until it has finished. */
export type AgentInvoker = (request: AgentRequest) => Promise<void>;

export interface AgentSessionRunnerOptions {
  jobId: string;
  s3: S3Client;
  bucket: string;
  /** Key prefix of the exchange objects; a lifecycle rule expires them after a day. */
  prefix: string;
  invoke: AgentInvoker;
  gateway: AgentRequest["gateway"];
  /** Scratch space on the orchestrator (Lambda: under /tmp). */
  workRoot: string;
  /** How long the presigned URLs stay valid: the session's deadline plus a margin. */
  urlExpiresInSeconds: number;
  log?: (line: string, extra?: Record<string, unknown>) => void;
  /**
   * What the model gateway has metered so far under the job's token (undefined when it cannot say).
   * Read before and after each session: the difference is that session's cost, whatever the agent
   * function reports.
   */
  meteredSpendUsd?: () => Promise<number | undefined>;
}

/** The agent function ended without leaving an outcome. */
export class AgentSessionError extends Error {
  override readonly name = "AgentSessionError";
}

/**
 * A SessionRunner that runs the CLI in the agent function instead of here. The orchestrator packs the
 * checkout and the config dir (with the restored parent transcript), puts them in S3 under this job's
 * prefix, and sends the agent presigned URLs only: the agent's role has no S3, secret or GitHub
 * permission. What comes back is read from S3 by the orchestrator: the outcome, the transcript (filed
 * where captureSession looks for it) and, for an editing session, the working tree (applied without
 * `.git` and never through a symlink). The exchange objects are deleted afterwards.
 */
export function createAgentSessionRunner(options: AgentSessionRunnerOptions): SessionRunner {
  let attempt = 0;
  return async (session) => {
    const base = `${options.prefix}${options.jobId}/${attempt++}/`;
    await mkdir(options.workRoot, { recursive: true });
    const scratch = await mkdtemp(join(options.workRoot, "exchange-"));
    const keys = {
      workspace: `${base}workspace.tgz`,
      config: `${base}config.tgz`,
      outcome: `${base}result/outcome.json`,
      transcript: `${base}result/transcript.jsonl`,
      resultWorkspace: `${base}result/workspace.tgz`,
    };
    try {
      const cwd = await realpath(session.cwd);
      const configDir = session.configDir ?? join(scratch, "config");
      await mkdir(configDir, { recursive: true });
      const editing = sessionEditsFiles(session.policy);
      await put(options, keys.workspace, await readFile(await packDirectory(cwd, join(scratch, "w.tgz"))));
      await put(options, keys.config, await readFile(await packDirectory(configDir, join(scratch, "c.tgz"))));
      const request: AgentRequest = {
        version: 1,
        jobId: options.jobId,
        download: {
          workspace: await presignGet(options, keys.workspace),
          config: await presignGet(options, keys.config),
        },
        upload: {
          outcome: await presignPut(options, keys.outcome),
          transcript: await presignPut(options, keys.transcript),
          ...(editing ? { workspace: await presignPut(options, keys.resultWorkspace) } : {}),
        },
        originalCwd: cwd,
        gateway: options.gateway,
        session: portableSessionOptions(session),
      };
      const outputSchema = session.jsonSchema ? await compileOutputSchema(session.jsonSchema) : undefined;
      const meteredBefore = await meteredSpend(options);
      const invokedAt = Date.now();
      let invokeError: unknown;
      try {
        await options.invoke(request);
      } catch (error) {
        // The agent exits after each job; if the exit beat the response, the objects it uploaded first
        // still say how the session ended.
        invokeError = error;
      }
      const outcomeBytes = await get(options, keys.outcome);
      if (!outcomeBytes)
        throw new AgentSessionError(
          `the agent function left no outcome${invokeError ? `: ${(invokeError as Error).message}` : ""}`,
          { cause: invokeError },
        );
      if (invokeError)
        options.log?.("agent invocation reported an error after uploading its outcome", {
          error: String(invokeError),
        });
      const meteredAfter = await meteredSpend(options);
      const { outcome, accepted } = readAgentOutcome(outcomeBytes, {
        policy: session.policy,
        ...(outputSchema ? { outputSchema } : {}),
        ...(meteredBefore !== undefined && meteredAfter !== undefined
          ? { meteredCostUsd: Math.max(0, meteredAfter - meteredBefore) }
          : {}),
        durationMs: Date.now() - invokedAt,
      });
      // Whether the agent ran code the policy cannot see into decides whether its transcript may join
      // the lineage (that code could rewrite it: cli-engine.ts). Here the decisions that say so come
      // from the process that code shared, so a policy that allows such code at all keeps it out.
      const openCode = openCodeAllowedBy(session.policy);
      const takeTranscript = accepted && outcome.sessionId !== undefined && openCode.length === 0;
      if (accepted && outcome.sessionId && !takeTranscript)
        outcome.notes.push(
          `the agent function's transcript was not taken back: its policy lets the agent run code the policy cannot see into (rule ${openCode.join(", ")}), in the process that reports which commands ran, so nothing it reports can show that session ${outcome.sessionId} is safe to resume`,
        );
      const transcript = takeTranscript ? await get(options, keys.transcript) : undefined;
      if (transcript && outcome.sessionId) {
        const dir = await projectDir(configDir, cwd);
        await mkdir(dir, { recursive: true });
        // The id's pattern was checked (readAgentOutcome): letters, digits and dashes only.
        await writeFile(join(dir, `${outcome.sessionId}.jsonl`), transcript);
      }
      // A refused outcome brings nothing back: no transcript above, no edits here.
      if (editing && accepted) {
        const archive = await get(options, keys.resultWorkspace);
        if (archive) {
          await writeFile(join(scratch, "result.tgz"), archive);
          const files = await unpackRegularFiles(join(scratch, "result.tgz"), join(scratch, "result"));
          const applied = await applyAgentWorkspace(cwd, join(scratch, "result"), files);
          if (applied.refused.length > 0)
            outcome.notes = [
              ...outcome.notes,
              `agent edits not applied (symlink or .git): ${applied.refused.join(", ")}`,
            ];
        }
      }
      return outcome;
    } finally {
      await rm(scratch, { recursive: true, force: true });
      await options.s3
        .send(
          new DeleteObjectsCommand({
            Bucket: options.bucket,
            Delete: { Objects: Object.values(keys).map((Key) => ({ Key })), Quiet: true },
          }),
        )
        .catch(() => undefined); // the lifecycle rule removes leftovers after a day
    }
  };
}

/** The gateway's meter, or undefined: a cost the orchestrator cannot read is the agent function's word. */
async function meteredSpend(options: AgentSessionRunnerOptions): Promise<number | undefined> {
  try {
    return await options.meteredSpendUsd?.();
  } catch (error) {
    options.log?.("could not read the gateway's metered spend", { error: String(error) });
    return undefined;
  }
}

async function put(options: AgentSessionRunnerOptions, key: string, body: Buffer): Promise<void> {
  await options.s3.send(new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: body }));
}

async function get(options: AgentSessionRunnerOptions, key: string): Promise<Buffer | undefined> {
  try {
    const out = await options.s3.send(new GetObjectCommand({ Bucket: options.bucket, Key: key }));
    return Buffer.from(
      await (out.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === "NoSuchKey" || name === "NotFound") return undefined;
    throw error;
  }
}

function presignGet(options: AgentSessionRunnerOptions, key: string): Promise<string> {
  return getSignedUrl(options.s3, new GetObjectCommand({ Bucket: options.bucket, Key: key }), {
    expiresIn: options.urlExpiresInSeconds,
  });
}

function presignPut(options: AgentSessionRunnerOptions, key: string): Promise<string> {
  return getSignedUrl(options.s3, new PutObjectCommand({ Bucket: options.bucket, Key: key }), {
    expiresIn: options.urlExpiresInSeconds,
  });
}
