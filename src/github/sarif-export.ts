import type { Log, ReportingDescriptor, Result } from "sarif";
import type { Finding, FindingSeverity } from "../findings/finding.js";
import { fingerprintFindings } from "../findings/finding-fingerprint.js";
import { DEFAULT_NEUTRALISER, type OutputNeutraliser } from "./neutralise-output.js";

export interface SarifToolInfo {
  name?: string;
  version?: string;
  informationUri?: string;
}

const LEVEL: Record<FindingSeverity, Result.level> = { error: "error", warning: "warning", notice: "note" };

/** Code scanning keys results by this partial fingerprint, so re-uploads update alerts instead of adding. */
export const SARIF_FINGERPRINT_KEY = "claudePrRunner/v1";

function ruleId(category: string): string {
  return (
    category
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, "-") || "finding"
  );
}

/**
 * SARIF 2.1.0 for `github/codeql-action/upload-sarif`: one rule per finding category, one result per
 * finding, suggestions as `fixes` replacing exactly the finding's lines.
 */
export function toSarif(
  findings: readonly Finding[],
  tool: SarifToolInfo = {},
  neutraliser: OutputNeutraliser = DEFAULT_NEUTRALISER,
  /** The run's own facts (its attestation: under what guarantees it ran), as the run's properties. */
  runProperties?: Record<string, unknown>,
): Log {
  const rules = new Map<string, ReportingDescriptor>();
  // Identity comes from what the agent said; every text that leaves comes from the neutralised finding.
  const results: Result[] = fingerprintFindings(findings).map(({ finding: raw, fingerprint }) => {
    const finding = neutraliser.finding(raw);
    const id = ruleId(finding.category);
    if (!rules.has(id)) {
      rules.set(id, {
        id,
        name: finding.category,
        shortDescription: { text: `${finding.category} findings` },
      });
    }
    const startLine = Math.max(1, Math.min(finding.startLine, finding.endLine));
    const endLine = Math.max(startLine, finding.startLine, finding.endLine);
    const artifactLocation = { uri: relativeUri(finding.path), uriBaseId: "%SRCROOT%" };
    const result: Result = {
      ruleId: id,
      level: LEVEL[finding.severity],
      message: { text: `${finding.title}\n\n${finding.body}`.trim() },
      locations: [{ physicalLocation: { artifactLocation, region: { startLine, endLine } } }],
      partialFingerprints: { [SARIF_FINGERPRINT_KEY]: fingerprint },
    };
    if (finding.suggestion !== undefined) {
      result.fixes = [
        {
          description: { text: `Suggested change for: ${finding.title}` },
          artifactChanges: [
            {
              artifactLocation,
              replacements: [
                { deletedRegion: { startLine, endLine }, insertedContent: { text: finding.suggestion } },
              ],
            },
          ],
        },
      ];
    }
    return result;
  });
  return {
    version: "2.1.0",
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name ?? "claude-pr-runner",
            ...(tool.version ? { version: tool.version, semanticVersion: tool.version } : {}),
            ...(tool.informationUri ? { informationUri: tool.informationUri } : {}),
            rules: [...rules.values()],
          },
        },
        results,
        ...(runProperties ? { properties: runProperties } : {}),
      },
    ],
  };
}

/**
 * A repository path as a relative URI reference under %SRCROOT%, each segment percent-encoded: the
 * path is the agent's text, and written raw a `scheme:` would make it an absolute URI, a `%2e%2e` a
 * parent segment, a `#` or `?` a fragment or a query.
 */
function relativeUri(path: string): string {
  return path.split("/").map(encodeURIComponent).join("/");
}
