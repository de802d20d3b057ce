import { describe, expect, it } from "vitest";
import { REDACTED, redactTranscript } from "../../src/sessions/redact-transcript.js";

const secret = "ghs_S3cr3tTokenValue_1234567890";
const quoted = 'p@ss"word\\with\nescapes';

describe("redactTranscript", () => {
  it("replaces secrets inside decoded strings, keeps every line valid JSON and other lines byte-identical", () => {
    const lines = [
      JSON.stringify({ type: "user", message: { content: `token=${secret}` } }),
      '{"type":"system",  "untouched" : true}',
      JSON.stringify({ type: "tool_result", content: [{ text: `echo '${quoted}' && ${secret}${secret}` }] }),
      JSON.stringify({ [`key-${secret}`]: 1 }),
    ];
    const result = redactTranscript(`${lines.join("\n")}\n`, [secret, quoted]);
    const out = new TextDecoder().decode(result.bytes);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(JSON.stringify(quoted).slice(1, -1));
    expect(result.replacements).toBe(5);
    const outLines = out.split("\n");
    expect(outLines[1]).toBe(lines[1]);
    expect(outLines.at(-1)).toBe("");
    for (const line of outLines.filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    expect(JSON.parse(outLines[2]!).content[0].text).toBe(`echo '${REDACTED}' && ${REDACTED}${REDACTED}`);
  });

  it("still redacts lines that are not JSON and counts them", () => {
    const result = redactTranscript(`{"cut short": "${secret}`, [secret]);
    expect(new TextDecoder().decode(result.bytes)).toBe(`{"cut short": "${REDACTED}`);
    expect(result.nonJsonLines).toBe(1);
  });

  it("ignores secret values too short to redact safely and reports that", () => {
    const result = redactTranscript('{"a":"the cat sat"}\n', ["cat", ""]);
    expect(new TextDecoder().decode(result.bytes)).toBe('{"a":"the cat sat"}\n');
    expect(result.ignoredShortSecrets).toBe(1);
  });
});
