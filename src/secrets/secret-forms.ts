/**
 * The spellings of one secret that a reader could turn back into it, and a normal form of text to
 * look for them in. Redacting the exact value is not enough once the agent is hostile: it can
 * publish the token in hex, reversed, in base32 or base64(url), percent- or HTML-encoded, with
 * invisible characters between its letters, or split across two findings. Each of those is caught
 * here, after normalising, in the joined text of what one job publishes.
 */

/** Shorter values would match ordinary text. */
export const MIN_SECRET_LENGTH = 6;

/** Characters that render as nothing (format characters: zero-width, bidi, soft hyphen...). */
const INVISIBLE = /\p{Cf}|\u034F|\u115F|\u1160|\u17B4|\u17B5|[\u180B-\u180F]|\u3164|[\uFE00-\uFE0F]|\uFFA0/gu;
const WHITESPACE = /\s+/g;
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  colon: ":",
  sol: "/",
  equals: "=",
  plus: "+",
  percnt: "%",
  num: "#",
  lowbar: "_",
  hyphen: "-",
  dash: "-",
};

/** Every form of `secret` we search for, each already in normal form (see normaliseForSecretSearch). */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const bytes = Buffer.from(secret, "utf8");
  const forms = [
    secret,
    bytes.toString("base64"),
    bytes.toString("base64url"),
    Buffer.from(`x-access-token:${secret}`).toString("base64"),
    bytes.toString("hex"),
    [...secret].reverse().join(""),
    base32(bytes),
  ];
  return [...new Set(forms.map((form) => normaliseForSecretSearch(form.replace(/=+$/, ""))))];
}

/**
 * Text as a reader would reassemble it: HTML character references and percent escapes decoded
 * (repeatedly, for double encoding), invisible characters and all whitespace removed, and
 * lower-cased (hex and base32 are case-free; a false positive only costs a redaction).
 */
export function normaliseForSecretSearch(text: string): string {
  let out = text;
  for (let round = 0; round < 3; round++) {
    const decoded = percentDecode(htmlDecode(out));
    if (decoded === out) break;
    out = decoded;
  }
  return out.replace(INVISIBLE, "").replace(WHITESPACE, "").toLowerCase();
}

/** A piece of a split secret this long is too rare in ordinary text to be there by chance. */
const MIN_PIECE = 8;

/**
 * Whether `text`, normalised, holds any form of any of `secrets`: whole, or cut into pieces of at
 * least MIN_PIECE characters that each appear somewhere in it (in any order, with anything between
 * them), which is how a secret split across two findings or fields reads.
 */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  if (secrets.length === 0 || text.length === 0) return false;
  const normal = normaliseForSecretSearch(text);
  return secrets.some((secret) => secretForms(secret).some((form) => coveredByPieces(form, normal)));
}

/**
 * Whether `form` can be cut into consecutive pieces, each at least MIN_PIECE long (or the whole
 * form when it is shorter than two pieces), that all occur in `text`. A substring of something in
 * `text` is in `text` too, so the longest piece from each position is found by binary search.
 */
function coveredByPieces(form: string, text: string): boolean {
  if (form.length === 0) return false;
  if (text.includes(form)) return true;
  if (form.length < 2 * MIN_PIECE) return false;
  const reachable = new Uint8Array(form.length + 1);
  reachable[0] = 1;
  for (let start = 0; start < form.length; start++) {
    if (!reachable[start] || form.length - start < MIN_PIECE) continue;
    let low = start + MIN_PIECE;
    if (!text.includes(form.slice(start, low))) continue;
    let high = form.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (text.includes(form.slice(start, mid))) low = mid;
      else high = mid - 1;
    }
    if (low === form.length) return true;
    for (let end = start + MIN_PIECE; end <= low; end++) reachable[end] = 1;
  }
  return false;
}

/**
 * Every string in a value (a structured output), joined, so the pieces of a secret split across
 * fields are looked for together.
 */
export function joinedStrings(value: unknown): string {
  const parts: string[] = [];
  const visit = (node: unknown): void => {
    if (typeof node === "string") parts.push(node);
    else if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === "object") Object.values(node).forEach(visit);
  };
  visit(value);
  return parts.join("");
}

function htmlDecode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (match, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? match;
  });
}

function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return Buffer.from(run.replace(/%/g, ""), "hex").toString("latin1");
    }
  });
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding. */
function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return out;
}
