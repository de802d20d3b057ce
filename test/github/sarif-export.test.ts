import { describe, expect, it } from "vitest";
import { SARIF_FINGERPRINT_KEY, toSarif } from "../../src/github/sarif-export.js";
import { finding } from "./pr-fixture.js";

describe("toSarif", () => {
  const log = toSarif(
    [
      finding({
        path: "src/a.ts",
        startLine: 3,
        endLine: 5,
        severity: "error",
        category: "Security",
        title: "Injection",
        suggestion: "safe()\n",
      }),
      finding({ path: "src/b.ts", startLine: 7, severity: "notice", category: "style" }),
      finding({ path: "src/c.ts", startLine: 1, severity: "warning", category: "Security" }),
    ],
    { version: "1.2.3" },
  );
  const run = log.runs[0]!;

  it("is a SARIF 2.1.0 log with one rule per category", () => {
    expect(log.version).toBe("2.1.0");
    expect(run.tool.driver).toMatchObject({ name: "claude-pr-runner", version: "1.2.3" });
    expect(run.tool.driver.rules?.map((r) => r.id)).toEqual(["security", "style"]);
  });

  it("maps severity to level and keeps the region and a stable partial fingerprint", () => {
    expect(run.results?.map((r) => r.level)).toEqual(["error", "note", "warning"]);
    expect(run.results?.[0]?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "src/a.ts", uriBaseId: "%SRCROOT%" },
      region: { startLine: 3, endLine: 5 },
    });
    const fps = run.results?.map((r) => r.partialFingerprints?.[SARIF_FINGERPRINT_KEY]);
    expect(new Set(fps).size).toBe(3);
    expect(
      toSarif([
        finding({
          path: "src/a.ts",
          startLine: 99,
          severity: "error",
          category: "Security",
          title: "Injection",
        }),
      ]).runs[0]?.results?.[0]?.partialFingerprints,
    ).toEqual(run.results?.[0]?.partialFingerprints);
  });

  it("turns a suggestion into a fix replacing exactly the finding's lines", () => {
    expect(run.results?.[0]?.fixes?.[0]?.artifactChanges[0]?.replacements[0]).toEqual({
      deletedRegion: { startLine: 3, endLine: 5 },
      insertedContent: { text: "safe()\n" },
    });
    expect(run.results?.[1]?.fixes).toBeUndefined();
  });

  it("serialises to JSON code scanning accepts (no undefined holes)", () => {
    const json = JSON.parse(JSON.stringify(log)) as typeof log;
    expect(json).toEqual(log);
  });
});

// A finding's path is the agent's text. As a SARIF `uri` it must stay a relative reference under
// %SRCROOT%: a scheme, a percent-encoded ".." or a "#"/"?" must not turn it into another location.
describe("toSarif artifact URIs", () => {
  it.each([
    ["a scheme", "file:///etc/passwd"],
    ["a foreign URL", "https://evil.example/x.ts"],
    ["percent-encoded parent segments", "%2e%2e/%2e%2e/etc/passwd"],
    ["a fragment and a query", "src/a#b?c.ts"],
    ["a space", "src/my file.ts"],
  ])("%s stays a file under the source root", (_what, path) => {
    const uri = toSarif([finding({ path, startLine: 1 })]).runs[0]!.results![0]!.locations![0]!
      .physicalLocation!.artifactLocation!.uri as string;
    const resolved = new URL(uri, "file:///srcroot/");
    expect(resolved.protocol).toBe("file:");
    expect(resolved.pathname.startsWith("/srcroot/")).toBe(true);
    expect(resolved.search + resolved.hash).toBe("");
    expect(decodeURIComponent(resolved.pathname.slice("/srcroot/".length))).toBe(path);
  });
});
