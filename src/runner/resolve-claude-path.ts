import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { RunnerConfigError } from "./runner-config-error.js";

/** The `claude` bin declared by the installed @anthropic-ai/claude-code package. */
export function resolveClaudePath(): string {
  const require = createRequire(import.meta.url);
  let manifestPath: string;
  try {
    manifestPath = require.resolve("@anthropic-ai/claude-code/package.json");
  } catch {
    throw new RunnerConfigError(
      "cannot find the @anthropic-ai/claude-code package; install it or pass --claude-path",
      "claudePath",
    );
  }
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    bin?: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.claude;
  if (!bin) throw new RunnerConfigError(`${manifestPath} declares no "claude" bin`, "claudePath");
  return path.resolve(path.dirname(manifestPath), bin);
}
