import { mkdir, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { Finding } from "../../findings/finding.js";
import type { OutputNeutraliser } from "../../github/neutralise-output.js";
import { type SarifToolInfo, toSarif } from "../../github/sarif-export.js";

/**
 * Writes the audit's findings as SARIF 2.1.0 for `github/codeql-action/upload-sarif`. The file is
 * written whole or not at all (temp file + rename): a half-written SARIF would fail the upload step.
 */
export async function writeSarifFile(
  path: string,
  findings: readonly Finding[],
  tool: SarifToolInfo = {},
  neutraliser?: OutputNeutraliser,
): Promise<{ path: string; results: number }> {
  const log = toSarif(findings, tool, neutraliser);
  await mkdir(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify(log, null, 2)}\n`);
  await rename(temp, path);
  return { path, results: log.runs[0]?.results?.length ?? 0 };
}
