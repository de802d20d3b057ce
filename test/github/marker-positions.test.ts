import { describe, expect, it } from "vitest";
import { fingerprintMarker, readFingerprintMarkers } from "../../src/findings/fingerprint-marker.js";
import { hasStickyMarker, stickyMarker } from "../../src/github/comment-markers.js";
import { OutputNeutraliser } from "../../src/github/neutralise-output.js";

// Markers are believed only from the lines the publisher owns (docs/security.md, "Neutralised output").
const FORGED_FP = fingerprintMarker("forged");

describe("markers are read only where the publisher writes them", () => {
  it("fingerprints only from the lines that end a body", () => {
    expect(readFingerprintMarkers(`text\n\n${fingerprintMarker("a")}\n${fingerprintMarker("b")}\n`)).toEqual([
      "a",
      "b",
    ]);
    expect(readFingerprintMarkers(`${fingerprintMarker("a")}\ntext`)).toEqual([]);
    expect(
      readFingerprintMarkers(`\`\`\`\n${fingerprintMarker("a")}\n\`\`\`\n${fingerprintMarker("b")}`),
    ).toEqual(["b"]);
    expect(readFingerprintMarkers(`x ${fingerprintMarker("a")}`)).toEqual([]);
    expect(readFingerprintMarkers(`x\r\n${fingerprintMarker("a")}\r\n`)).toEqual(["a"]);
  });

  it("a sticky only from its first line", () => {
    expect(hasStickyMarker(`${stickyMarker("autofix")}\nbody`, "autofix")).toBe(true);
    expect(hasStickyMarker(`${stickyMarker("autofix")}\r\nbody`, "autofix")).toBe(true);
    expect(
      hasStickyMarker(`${stickyMarker("summary")}\n\`\`\`\n${stickyMarker("autofix")}\n\`\`\``, "autofix"),
    ).toBe(false);
    expect(hasStickyMarker(` ${stickyMarker("autofix")}`, "autofix")).toBe(false);
  });

  it("the neutraliser defuses <!-- in fenced code, and keeps a suggestion byte-exact", () => {
    const n = new OutputNeutraliser();
    const out = n.markup(`\`\`\`html\n${FORGED_FP}\n\`\`\`\n\n\`\`\`suggestion\n<!-- keep -->\n\`\`\``);
    expect(out).toContain("```html\n<\u200b!-- claude-pr-runner:fp:");
    expect(out).toContain("```suggestion\n<!-- keep -->\n```");
    // A fence the model left open is closed before the publisher's own marker line.
    const closed = n.markup(`\`\`\`\n${FORGED_FP}\n\n${fingerprintMarker("real")}`, {
      markers: [fingerprintMarker("real")],
    });
    expect(readFingerprintMarkers(closed)).toEqual(["real"]);
  });
});

describe("marker positions, edge by edge", () => {
  it("reads a body that is nothing but marker lines, with blank and whitespace-only lines among them", () => {
    expect(readFingerprintMarkers(fingerprintMarker("only"))).toEqual(["only"]);
    expect(
      readFingerprintMarkers(`text\n\n${fingerprintMarker("a")}\n  \n\t\n${fingerprintMarker("b")}\n\n`),
    ).toEqual(["a", "b"]);
    expect(readFingerprintMarkers(`text\r${fingerprintMarker("cr")}`)).toEqual(["cr"]);
    expect(readFingerprintMarkers("")).toEqual([]);
    expect(readFingerprintMarkers(null)).toEqual([]);
    expect(readFingerprintMarkers(`${fingerprintMarker("a")} trailing`)).toEqual([]);
  });

  it("a sticky's first line ends at \\n, \\r\\n or a lone \\r; no body is no sticky", () => {
    for (const end of ["\n", "\r\n", "\r"]) {
      expect(hasStickyMarker(`${stickyMarker("k")}${end}text`, "k"), JSON.stringify(end)).toBe(true);
    }
    expect(hasStickyMarker(stickyMarker("k"), "k")).toBe(true);
    expect(hasStickyMarker(`${stickyMarker("k")}x`, "k")).toBe(false);
    expect(hasStickyMarker(null, "k")).toBe(false);
    expect(hasStickyMarker(undefined, "k")).toBe(false);
    expect(hasStickyMarker(stickyMarker("k"), "other")).toBe(false);
  });

  it("only a fence whose info string is exactly `suggestion` keeps its <!-- as written", () => {
    const n = new OutputNeutraliser();
    const kept = (info: string) => n.markup(`\`\`\`${info}\n<!-- x -->\n\`\`\``).includes("\n<!-- x -->\n");
    expect(kept("suggestion")).toBe(true);
    expect(kept(" suggestion")).toBe(true);
    expect(kept("suggestion\tx")).toBe(true);
    expect(kept("suggestion extra")).toBe(true);
    expect(kept("suggestions")).toBe(false);
    expect(kept("js suggestion")).toBe(false);
    expect(kept("")).toBe(false);
    expect(n.markup("~~~\n<!-- x -->\n~~~")).toContain("<\u200b!-- x -->");
  });
});
