/**
 * The spellings of one secret that a reader could turn back into it, and a normal form of text to
 * look for them in. Redacting the exact value is not enough once the agent is hostile: it can
 * publish the token in hex, reversed, in base32 or base64(url), percent- or HTML-encoded, with
 * invisible characters between its letters, or split across two findings. Each of those is caught
 * here, after normalising, in the joined text of what one job publishes.
 */

/** Shorter values would match ordinary text. */
export const MIN_SECRET_LENGTH = 6;

/** A piece of a split secret this long is too rare in ordinary text to be there by chance. */
const MIN_PIECE = 8;

/** Characters that render as nothing: format characters (zero-width, bidi, soft hyphen), fillers, variation selectors. */
const INVISIBLE = /\p{Cf}|\u034F|[\u115F\u1160\u17B4\u17B5\u3164\uFFA0]|[\u180B-\u180F]|[\uFE00-\uFE0F]/gu;
const WHITESPACE = /\s+/g;
/** The XML entities; numeric references are decoded whatever they name. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Every form of `secret` we search for, each already in normal form (see normaliseForSecretSearch). */
export function secretForms(secret: string): string[] {
  if (secret.length < MIN_SECRET_LENGTH) return [];
  const bytes = Buffer.from(secret, "utf8");
  const forms = [
    secret,
    // Without padding: a text may drop it, and the unpadded form is inside the padded one.
    bytes.toString("base64").replace(/=+$/, ""),
    bytes.toString("base64url"),
    Buffer.from(`x-access-token:${secret}`).toString("base64").replace(/=+$/, ""),
    bytes.toString("hex"),
    [...secret].reverse().join(""),
    base32(bytes),
  ];
  return [...new Set(forms.map(normaliseForSecretSearch))];
}

/**
 * Text as a reader would reassemble it: HTML character references and percent escapes decoded
 * until nothing changes (double encoding too; each round makes the text shorter, so it ends),
 * invisible characters and all whitespace removed, and lower-cased (hex and base32 are case-free;
 * a false positive only costs a redaction).
 */
export function normaliseForSecretSearch(text: string): string {
  let out = text;
  for (let decoded = decode(out); decoded !== out; decoded = decode(out)) out = decoded;
  return out.replace(INVISIBLE, "").replace(WHITESPACE, "").toLowerCase();
}

/**
 * Whether `text`, normalised, holds any form of any of `secrets`: whole, or cut into pieces of at
 * least MIN_PIECE characters that each appear somewhere in it (in any order, with anything between
 * them), which is how a secret split across two findings or fields reads.
 */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  const normal = normaliseForSecretSearch(text);
  return secrets.some((secret) => secretForms(secret).some((form) => coveredByPieces(form, normal)));
}

/**
 * Every string in a value (a structured output), joined, so the pieces of a secret split across
 * fields are looked for together.
 */
export function joinedStrings(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(joinedStrings).join("\n");
  if (value !== null && typeof value === "object") return Object.values(value).map(joinedStrings).join("\n");
  return "";
}

/**
 * Whether `form` is in `text` whole, or can be cut into consecutive pieces, each at least MIN_PIECE
 * long, that all occur in `text`. Positions of `form` a run of pieces reaches are marked; from each,
 * every piece up to the longest one found in `text` extends the run.
 */
function coveredByPieces(form: string, text: string): boolean {
  if (text.includes(form)) return true;
  const reached = new Set<number>([0]);
  for (let start = 0; start < form.length; start++) {
    if (!reached.has(start)) continue;
    const longest = longestPieceEnd(form, start, text);
    for (let end = start + MIN_PIECE; end <= longest; end++) reached.add(end);
  }
  return reached.has(form.length);
}

/**
 * The end of the longest `form.slice(start, end)` found in `text` (`start` when none is). Every
 * shorter piece of a found one is found too, so a binary search finds it.
 */
function longestPieceEnd(form: string, start: number, text: string): number {
  let found = start;
  let notFound = form.length + 1;
  while (notFound - found > 1) {
    const middle = (found + notFound) >> 1;
    if (text.includes(form.slice(start, middle))) found = middle;
    else notFound = middle;
  }
  return found;
}

function decode(text: string): string {
  return percentDecode(htmlDecode(text));
}

function htmlDecode(text: string): string {
  return text.replace(
    /&(?:#(\d+)|#x([0-9a-f]+)|([a-z]+));?/gi,
    (match, decimal?: string, hex?: string, name?: string) => {
      if (name !== undefined) return NAMED_ENTITIES[name.toLowerCase()] ?? match;
      const code = decimal !== undefined ? Number(decimal) : Number.parseInt(hex!, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : match;
    },
  );
}

/** Runs of `%XX` as UTF-8; a run that is not UTF-8 is read byte for byte. */
function percentDecode(text: string): string {
  return text.replace(/(?:%[0-9a-f]{2})+/gi, (run) => {
    const bytes = Buffer.from(run.replaceAll("%", ""), "hex");
    const utf8 = bytes.toString("utf8");
    return utf8.includes("\uFFFD") ? bytes.toString("latin1") : utf8;
  });
}

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding. */
function base32(bytes: Buffer): string {
  let bits = "";
  for (const byte of bytes) bits += byte.toString(2).padStart(8, "0");
  let out = "";
  for (let i = 0; i < bits.length; i += 5)
    out += BASE32_ALPHABET[Number.parseInt(bits.slice(i, i + 5).padEnd(5, "0"), 2)];
  return out;
}
