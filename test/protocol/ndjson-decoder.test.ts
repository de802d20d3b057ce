import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type DecodedLine, NdjsonDecoder } from "../../src/protocol/index.js";

// Fewer runs under mutation testing (stryker/protocol.config.mjs sets PROPERTY_RUNS).
const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

const encoder = new TextEncoder();
const bytes = (text: string): Uint8Array => encoder.encode(text);

function decodeChunks(chunks: Uint8Array[]): DecodedLine[] {
  const decoder = new NdjsonDecoder();
  const out: DecodedLine[] = [];
  for (const chunk of chunks) out.push(...decoder.push(chunk));
  out.push(...decoder.end());
  return out;
}

function splitAt(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let previous = 0;
  for (const point of points) {
    chunks.push(data.subarray(previous, point));
    previous = point;
  }
  chunks.push(data.subarray(previous));
  return chunks;
}

const recorded = readFileSync(new URL("./fixtures/stream-json-turn.ndjson", import.meta.url), "utf8");
const recordedLines = recorded.split("\n").filter((line) => line.length > 0);

describe("NdjsonDecoder", () => {
  it("decodes a recorded stream-json turn into one value per line with 1-based line numbers", () => {
    const out = decodeChunks([bytes(recorded)]);
    expect(out).toHaveLength(recordedLines.length);
    out.forEach((line, i) => {
      expect(line).toEqual({ kind: "value", line: i + 1, value: JSON.parse(recordedLines[i]!) });
    });
  });

  it("reassembles a multi-byte character split inside its bytes at every position", () => {
    const text = '{"t":"先读取 café 🚀 Ünï"}\n{"t":"😀"}\n';
    const data = bytes(text);
    for (let cut = 0; cut <= data.length; cut++) {
      for (let cut2 = cut; cut2 <= data.length; cut2 += 3) {
        const out = decodeChunks([data.subarray(0, cut), data.subarray(cut, cut2), data.subarray(cut2)]);
        expect(out).toEqual([
          { kind: "value", line: 1, value: { t: "先读取 café 🚀 Ünï" } },
          { kind: "value", line: 2, value: { t: "😀" } },
        ]);
      }
    }
  });

  it("decodes byte-by-byte delivery", () => {
    const data = bytes(recorded);
    const chunks = Array.from(data, (_, i) => data.subarray(i, i + 1));
    expect(decodeChunks(chunks)).toEqual(decodeChunks([data]));
  });

  it("accepts CRLF line endings and keeps string values free of \\r", () => {
    const out = decodeChunks([bytes('{"a":"x"}\r\n{"b":2}\r\n')]);
    expect(out).toEqual([
      { kind: "value", line: 1, value: { a: "x" } },
      { kind: "value", line: 2, value: { b: 2 } },
    ]);
  });

  it("skips blank and whitespace-only lines but counts them in line numbers", () => {
    const out = decodeChunks([bytes('\n{"a":1}\n\r\n   \t\n\n{"a":2}\n')]);
    expect(out).toEqual([
      { kind: "value", line: 2, value: { a: 1 } },
      { kind: "value", line: 6, value: { a: 2 } },
    ]);
  });

  it("emits a final line that has no trailing newline on end()", () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push(bytes('{"a":1}\n{"b":'))).toEqual([{ kind: "value", line: 1, value: { a: 1 } }]);
    expect(decoder.push(bytes("2}"))).toEqual([]);
    expect(decoder.end()).toEqual([{ kind: "value", line: 2, value: { b: 2 } }]);
    expect(decoder.end()).toEqual([]);
  });

  it("reports a malformed line with its number and a bounded excerpt, then keeps decoding", () => {
    const bad = `{"type":"assistant", ${"x".repeat(5000)}`;
    const out = decodeChunks([bytes(`{"a":1}\n${bad}\n{"a":2}\n`)]);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual({ kind: "value", line: 1, value: { a: 1 } });
    const error = out[1];
    if (error?.kind !== "protocol_error") throw new Error("expected a protocol_error");
    expect(error.line).toBe(2);
    expect(error.excerpt.startsWith('{"type":"assistant", xxx')).toBe(true);
    expect(error.excerpt.length).toBeLessThan(260);
    expect(error.excerpt).toContain("(5021 chars)");
    expect(error.message.length).toBeGreaterThan(0);
    expect(out[2]).toEqual({ kind: "value", line: 3, value: { a: 2 } });
  });

  it("keeps a short malformed line whole in the excerpt without its \\r", () => {
    const out = decodeChunks([bytes("not json\r\n")]);
    expect(out).toEqual([
      { kind: "protocol_error", line: 1, excerpt: "not json", message: expect.any(String) },
    ]);
  });

  it("honours a custom excerpt length and never cuts a surrogate pair", () => {
    const decoder = new NdjsonDecoder({ excerptLength: 4 });
    const [error] = [...decoder.push(bytes("abc😀def\n"))];
    if (error?.kind !== "protocol_error") throw new Error("expected a protocol_error");
    expect(error.excerpt.startsWith("abc…")).toBe(true);
  });

  it("reports a character truncated by the end of the stream as U+FFFD in a protocol error", () => {
    const data = bytes('{"a":"é"}');
    const out = decodeChunks([data.subarray(0, 7)]); // stops inside the two bytes of é
    expect(out).toHaveLength(1);
    expect(out[0]?.kind).toBe("protocol_error");
    expect(out[0]?.line).toBe(1);
    // The decoder's own flush turns the dangling byte into U+FFFD: the excerpt shows it was there.
    expect(out[0]?.kind === "protocol_error" ? out[0].excerpt : "").toBe('{"a":"\uFFFD');
  });

  it("end() flushes a final line held in several pieces, and a second end() returns nothing", () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push(bytes('{"a":'))).toEqual([]);
    expect(decoder.push(bytes('"b",'))).toEqual([]);
    expect(decoder.push(bytes('"c":1}'))).toEqual([]);
    expect(decoder.bufferedChars).toBe(15);
    expect(decoder.end()).toEqual([{ kind: "value", line: 1, value: { a: "b", c: 1 } }]);
    expect(decoder.bufferedChars).toBe(0);
    expect(decoder.end()).toEqual([]);
  });

  it("end() after a terminated stream counts no extra line", () => {
    const decoder = new NdjsonDecoder();
    decoder.push(bytes('{"a":1}\n{"b":2}\n'));
    expect(decoder.linesSeen).toBe(2);
    expect(decoder.end()).toEqual([]);
    expect(decoder.linesSeen).toBe(2);
  });

  it("keeps an excerpt of exactly the limit whole and cuts before a high surrogate at the limit only", () => {
    const errorOf = (text: string, excerptLength: number) => {
      const decoder = new NdjsonDecoder({ excerptLength });
      const out = [...decoder.push(bytes(`${text}\n`)), ...decoder.end()];
      return out[0]?.kind === "protocol_error" ? out[0].excerpt : "";
    };
    expect(errorOf("abcde", 5)).toBe("abcde");
    expect(errorOf("abcdefgh", 5)).toBe("abcde… (8 chars)");
    // U+10000 is \uD800\uDC00 and U+10FFFF is \uDBFF\uDFFF: both high-surrogate ends of the range.
    expect(errorOf("abcd\u{10000}x", 5)).toBe("abcd… (7 chars)");
    expect(errorOf("abcd\u{10FFFF}x", 5)).toBe("abcd… (7 chars)");
    // U+E000 is outside the surrogate range: nothing is held back.
    expect(errorOf("abcd\uE000xy", 5)).toBe("abcd\uE000… (7 chars)");
    expect(errorOf("abc\uD7FFxy", 4)).toBe("abc\uD7FF… (6 chars)");
  });

  it("end() on a stream that ended with its newline emits nothing more", () => {
    const decoder = new NdjsonDecoder();
    expect(decoder.push(bytes('{"a":1}\n'))).toHaveLength(1);
    expect(decoder.push(new Uint8Array(0))).toEqual([]);
    expect(decoder.end()).toEqual([]);
  });

  it("decodes a 24 MB line delivered in 64 KiB chunks and buffers only the current line", () => {
    const big = "数据🚀".repeat(2.5 * 1024 * 1024); // 4 UTF-16 units and 10 UTF-8 bytes per repeat: ~25 MB
    const data = bytes(`{"a":1}\n{"big":"${big}"}\n{"a":3}\n`);
    expect(data.length).toBeGreaterThan(24 * 1024 * 1024);
    const decoder = new NdjsonDecoder();
    const out: DecodedLine[] = [];
    let maxBuffered = 0;
    for (let at = 0; at < data.length; at += 64 * 1024) {
      out.push(...decoder.push(data.subarray(at, at + 64 * 1024)));
      maxBuffered = Math.max(maxBuffered, decoder.bufferedChars);
    }
    out.push(...decoder.end());
    expect(out.map((l) => l.line)).toEqual([1, 2, 3]);
    const value = out[1]?.kind === "value" ? (out[1].value as { big: string }).big : "";
    expect(value.length).toBe(big.length);
    expect(value === big).toBe(true);
    expect(maxBuffered).toBeGreaterThan(big.length - 64 * 1024);
    expect(decoder.bufferedChars).toBe(0);
  });

  it("does not keep consumed lines: the buffer holds only the unterminated tail", () => {
    const decoder = new NdjsonDecoder();
    for (let i = 0; i < 1000; i++) decoder.push(bytes(`{"i":${i},"pad":"${"p".repeat(100)}"}\n`));
    expect(decoder.bufferedChars).toBe(0);
    decoder.push(bytes('{"partial":'));
    expect(decoder.bufferedChars).toBe(11);
    expect(decoder.linesSeen).toBe(1000);
  });

  it("passes non-object JSON values on as values", () => {
    expect(
      decodeChunks([bytes('42\n"s"\nnull\n[1]\n')]).map((l) => (l.kind === "value" ? l.value : "err")),
    ).toEqual([42, "s", null, [1]]);
  });

  it("refuses push() after end()", () => {
    const decoder = new NdjsonDecoder();
    decoder.end();
    expect(() => decoder.push(bytes("{}\n"))).toThrow(/after end/);
  });
});

describe("NdjsonDecoder properties", () => {
  // The recorded turn, with CRLF endings on some lines, blank lines, a malformed line and a final
  // line without newline, so every edge meets random chunk boundaries.
  const variants = fc.record({
    crlf: fc.array(fc.boolean(), { minLength: recordedLines.length, maxLength: recordedLines.length }),
    blankAfter: fc.array(fc.boolean(), { minLength: recordedLines.length, maxLength: recordedLines.length }),
    malformedAt: fc.integer({ min: 0, max: recordedLines.length - 1 }),
    finalNewline: fc.boolean(),
  });

  it("random chunking gives the same decoded lines as one chunk and as line-by-line JSON.parse", () => {
    fc.assert(
      fc.property(variants, fc.array(fc.nat(), { maxLength: 40 }), (variant, cuts) => {
        const parts: string[] = [];
        const expected: Array<{ kind: string; line: number }> = [];
        let lineNo = 0;
        recordedLines.forEach((line, i) => {
          const text = i === variant.malformedAt ? `${line.slice(0, 40)} <<garbage` : line;
          lineNo++;
          expected.push({ kind: i === variant.malformedAt ? "protocol_error" : "value", line: lineNo });
          const last = i === recordedLines.length - 1;
          parts.push(text + (last && !variant.finalNewline ? "" : variant.crlf[i] ? "\r\n" : "\n"));
          if (variant.blankAfter[i] && !last) {
            parts.push(variant.crlf[i] ? "\r\n" : "\n");
            lineNo++;
          }
        });
        const data = bytes(parts.join(""));
        const whole = decodeChunks([data]);
        const chunked = decodeChunks(splitAt(data, cuts));
        expect(chunked).toEqual(whole);
        expect(whole.map((l) => ({ kind: l.kind, line: l.line }))).toEqual(expected);
        whole.forEach((l, i) => {
          if (l.kind === "value" && i !== variant.malformedAt)
            expect(l.value).toEqual(JSON.parse(recordedLines[i]!));
        });
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });

  it("random chunking of random JSON values with multi-byte strings round-trips", () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue({ maxDepth: 3, stringUnit: "binary" }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        (values, cuts) => {
          const data = bytes(values.map((v) => `${JSON.stringify(v)}\n`).join(""));
          const out = decodeChunks(splitAt(data, cuts));
          expect(out.map((l) => (l.kind === "value" ? l.value : l))).toEqual(
            values.map((v) => JSON.parse(JSON.stringify(v))),
          );
        },
      ),
    );
  });
});
