import type { ReviewConclusion } from "../findings/review-conclusion.js";
import { renderRunReport } from "../github/run-report-markdown.js";
import { toSarif } from "../github/sarif-export.js";
import { reviewRunProperties } from "../jobs/review/review-run-properties.js";
import type { ReviewResult } from "../jobs/review/run-review.js";
import type { ReviewOptions } from "./review-options.js";

/** The report `review` prints or writes, in the format the user chose. */
export function renderReviewOutput(
  result: ReviewResult,
  view: Pick<ReviewOptions, "format" | "failOn"> & {
    conclusion: ReviewConclusion;
    baseSha: string;
    headSha: string;
  },
): string {
  const { outcome } = result.session;
  const findings = result.status === "reviewed" ? result.checked.review.findings : [];
  const { conclusion } = view;
  const runProperties = reviewRunProperties(result);
  if (view.format === "sarif")
    return `${JSON.stringify(toSarif(findings, {}, undefined, runProperties), null, 2)}\n`;
  if (view.format === "json")
    return `${JSON.stringify(
      {
        status: result.status,
        ...(result.status === "reviewed"
          ? {
              verdict: result.checked.review.verdict,
              conclusion: {
                headline: conclusion.headline,
                blocking: conclusion.blocking,
                failOn: view.failOn,
              },
              summary: result.checked.review.summary,
              findings,
              setAside: result.checked.rejected,
              ...(result.coverage ? { coverage: result.coverage } : {}),
            }
          : { reason: result.reason }),
        base: view.baseSha,
        head: view.headSha,
        session: {
          id: outcome.sessionId,
          start: result.session.restore.message,
          costUsd: outcome.totalCostUsd,
          turns: outcome.numTurns,
          ...(result.budget ? { estimatedCostUsd: result.budget.estimate.usd } : {}),
          ...(outcome.attestation ? { attestation: outcome.attestation } : {}),
        },
      },
      null,
      2,
    )}\n`;
  return `${renderRunReport({
    title: "Claude review",
    verdict: result.status === "reviewed" ? result.checked.review.verdict : `failed: ${result.reason}`,
    findings,
    reviewedSha: view.headSha,
    totalCostUsd: outcome.totalCostUsd,
    numTurns: outcome.numTurns,
    ...(outcome.sessionId ? { sessionId: outcome.sessionId } : {}),
    details: [
      result.status === "reviewed" ? result.checked.review.summary : "",
      ...findings.map((f) => `- \`${f.path}:${f.startLine}\` **${f.title}**: ${f.body}`),
      `\n_${result.session.restore.message}_`,
    ].join("\n"),
  })}\n`;
}
