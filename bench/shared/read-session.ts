// What the real-CLI benches (overhead, credential-proxy, isolation) share: the same scripted 20-turn
// session over a small workspace, the esbuild bundling of their host processes, and the median.
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import {
  messagesOf,
  ScriptedMessagesApi,
  type ScriptedReply,
} from "../../test/harness/scripted-messages-api.js";

export const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
export const OUT_DIR = path.join(ROOT, "bench/out");
/** Model turns of the session: 19 tool calls, then text. */
export const TURNS = 20;
export const PROMPT = "Read the files one by one.";

/** The tool call of turn `index`, reading `file`: a Read call unless a bench asks for another. */
export type ToolCallOfTurn = (file: string, index: number) => ScriptedReply;

export const readCall: ToolCallOfTurn = (file, index) => ({
  kind: "tool_use",
  name: "Read",
  input: { file_path: file },
  text: `Reading file ${index}.`,
});

/**
 * Starts the scripted model. The step is derived from the conversation itself (assistant messages so
 * far), so every run of every host gets the same session from one server. `toolCall` is asked anew
 * each turn, so a bench may switch scenarios between runs.
 */
export function startReadSessionApi(toolCall: () => ToolCallOfTurn = () => readCall) {
  return ScriptedMessagesApi.start((request) => {
    const index = messagesOf(request).filter((m) => m.role === "assistant").length;
    if (index >= TURNS - 1) return { kind: "text", text: "All files read." };
    return toolCall()(`src/file${index % 5}.ts`, index);
  });
}

/** A temporary workspace with the five small files the session reads; the caller removes it. */
export async function createReadWorkspace(name: string): Promise<string> {
  const workspace = await mkdtemp(path.join(tmpdir(), `bench-${name}-ws-`));
  await mkdir(path.join(workspace, "src"));
  for (let i = 0; i < 5; i++)
    await writeFile(path.join(workspace, `src/file${i}.ts`), `export const n${i} = ${i};\n`);
  return workspace;
}

/**
 * Bundles host scripts to plain ESM in bench/out/<folder>/<name>.mjs, so no TypeScript loader
 * inflates their memory or CPU. Returns the folder. Split like dist/ (scripts/build.mjs): a dynamic
 * import stays a chunk loaded when it runs, as users' hosts load it, where one file would hoist the
 * imported package's own imports to the top and load them at every start.
 */
export async function bundleHosts(folder: string, entryPoints: Record<string, string>): Promise<string> {
  const hostDir = path.join(OUT_DIR, folder);
  await mkdir(hostDir, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(entryPoints).map(([name, source]) => [name, path.join(ROOT, source)]),
    ),
    outdir: hostDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    chunkNames: "chunks/[name]-[hash]",
    platform: "node",
    target: "node24",
    format: "esm",
    packages: "external",
    logLevel: "warning",
  });
  return hostDir;
}

/** The median; for an even count, the mean of the two middle values. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
