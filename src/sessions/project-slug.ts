import { realpath } from "node:fs/promises";
import { join } from "node:path";
import { projectSlug } from "../protocol/index.js";
import { assertSessionId } from "./session-id.js";

export { projectSlug };

/** `<configDir>/projects/<slug of realpath(cwd)>`: where the CLI reads and writes this cwd's transcripts. */
export async function projectDir(configDir: string, cwd: string): Promise<string> {
  return join(configDir, "projects", projectSlug(await realpath(cwd)));
}

export async function transcriptPath(configDir: string, cwd: string, sessionId: string): Promise<string> {
  return join(await projectDir(configDir, cwd), `${assertSessionId(sessionId)}.jsonl`);
}
