import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLAIMS, type Claim } from "./claims.js";

// No CLI here: this checks the claim registry against the test files and keeps the matrix in
// docs/conformance.md generated from it. `UPDATE_CONFORMANCE_MATRIX=1 npx vitest run
// test/conformance/claims-matrix.test.ts` rewrites the generated part.
const root = fileURLToPath(new URL("../../", import.meta.url));
const DOC = `${root}docs/conformance.md`;
const START = "<!-- conformance-matrix:start (generated from test/conformance/claims.ts) -->";
const END = "<!-- conformance-matrix:end -->";

function renderMatrix(claims: readonly Claim[]): string {
  const covered = claims.filter((c) => c.status === "REAL" || c.status === "UNIT").length;
  const count = (status: string) => claims.filter((c) => c.status === status).length;
  const share = Math.floor((covered / claims.length) * 100);
  const rows = claims.map((c) => {
    const tests = c.proofs.map(
      (p) => `\`${p.file.replace(/^test\//, "")}\`: ${p.anchor.replaceAll("|", "\\|")}`,
    );
    const note = c.note ? ` (${c.note})` : "";
    return `| ${c.id} | ${c.seedLine} | ${c.claim.replaceAll("|", "\\|")}${note} | ${tests.join("<br>") || "—"} | ${c.status} |`;
  });
  return [
    START,
    "",
    `${claims.length} claims: ${count("REAL")} REAL, ${count("UNIT")} UNIT, ${count("DOCUMENTED-UNREACHABLE")} DOCUMENTED-UNREACHABLE, ${count("UNTESTED")} UNTESTED; ${share} % REAL or UNIT.`,
    "",
    "| claim | spec line | claim | test (file: anchor) | status |",
    "| ----- | --------- | ----- | ------------------- | ------ |",
    ...rows,
    "",
    END,
  ].join("\n");
}

describe("conformance matrix", () => {
  it("claim ids are unique", () => {
    const ids = CLAIMS.map((c) => c.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it("every cited test still exists: its file holds the anchor", () => {
    const missing: string[] = [];
    for (const claim of CLAIMS) {
      if ((claim.status === "REAL" || claim.status === "UNIT") && claim.proofs.length === 0) {
        missing.push(`${claim.id}: ${claim.status} without a test`);
      }
      if (claim.status === "DOCUMENTED-UNREACHABLE" && !claim.note) missing.push(`${claim.id}: no reason`);
      for (const proof of claim.proofs) {
        let text = "";
        try {
          text = readFileSync(`${root}${proof.file}`, "utf8");
        } catch {
          missing.push(`${claim.id}: ${proof.file} is gone`);
          continue;
        }
        if (!text.includes(proof.anchor)) missing.push(`${claim.id}: "${proof.anchor}" not in ${proof.file}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("REAL claims cite a test that runs the real binary", () => {
    const offline = CLAIMS.filter(
      (c) => c.status === "REAL" && !c.proofs.some((p) => /real-cli|conformance\//.test(p.file)),
    ).map((c) => c.id);
    expect(offline).toEqual([]);
  });

  it("at least 85 % of the claims are REAL or UNIT", () => {
    const covered = CLAIMS.filter((c) => c.status === "REAL" || c.status === "UNIT").length;
    expect(covered / CLAIMS.length).toBeGreaterThanOrEqual(0.85);
  });

  it("docs/conformance.md carries the matrix generated from the claims", () => {
    const doc = readFileSync(DOC, "utf8");
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    const generated = renderMatrix(CLAIMS);
    if (process.env.UPDATE_CONFORMANCE_MATRIX === "1") {
      const next =
        start === -1
          ? `${doc.trimEnd()}\n\n## Conformance matrix\n\n${generated}\n`
          : `${doc.slice(0, start)}${generated}${doc.slice(end + END.length)}`;
      writeFileSync(DOC, next);
      return;
    }
    expect(start, "run with UPDATE_CONFORMANCE_MATRIX=1 to add the matrix").toBeGreaterThan(-1);
    // The formatter pads table cells; compare the content, not the padding.
    const normal = (text: string) =>
      text
        .split("\n")
        .map((line) => line.trim().replace(/ {2,}/g, " ").replace(/-{3,}/g, "---"))
        .join("\n");
    expect(
      normal(doc.slice(start, end + END.length)),
      "docs/conformance.md is stale: UPDATE_CONFORMANCE_MATRIX=1",
    ).toBe(normal(generated));
  });
});
