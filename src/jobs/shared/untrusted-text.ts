/**
 * PR titles, bodies and comments are written by whoever opened the PR, so they are untrusted input
 * to the model. Before they reach a prompt we remove the places where instructions are usually hidden
 * from human reviewers: HTML comments (invisible when GitHub renders markdown), invisible or
 * direction-changing Unicode characters, and image alt text. The visible text is kept, capped in size.
 */
export interface SanitizeOptions {
  /** Maximum number of characters kept; the rest is replaced by a truncation note. */
  maxChars: number;
}

export interface SanitizedText {
  text: string;
  /** What was removed, so the job can say so in its summary instead of hiding it. */
  removed: { htmlComments: number; invisibleChars: number; imageAltTexts: number; truncatedChars: number };
}

// Format characters (Cf: zero-width spaces and joiners, bidi overrides, BOM, Unicode tag characters)
// plus other invisible code points that are not Cf but render as nothing.
// biome-ignore lint/suspicious/noMisleadingCharacterClass: listing lone combining/invisible code points is the point.
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u034F\u17B4\u17B5\u180E\uFE00-\uFE0F]/gu;
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const MARKDOWN_IMAGE_ALT = /!\[([^\]]*)\]\(/g;
const HTML_IMG_ALT = /(<img\b[^>]*?)\s+alt\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi;

export function sanitizeUntrustedText(input: string, options: SanitizeOptions): SanitizedText {
  const removed = { htmlComments: 0, invisibleChars: 0, imageAltTexts: 0, truncatedChars: 0 };
  let text = input.replace(HTML_COMMENT, () => {
    removed.htmlComments += 1;
    return "";
  });
  text = text.replace(INVISIBLE, () => {
    removed.invisibleChars += 1;
    return "";
  });
  text = text.replace(MARKDOWN_IMAGE_ALT, (match, alt: string) => {
    if (alt.length === 0) return match;
    removed.imageAltTexts += 1;
    return "![](";
  });
  text = text.replace(HTML_IMG_ALT, (_match, tagStart: string) => {
    removed.imageAltTexts += 1;
    return tagStart;
  });
  if (text.length > options.maxChars) {
    removed.truncatedChars = text.length - options.maxChars;
    text = `${text.slice(0, options.maxChars)}\n[… ${removed.truncatedChars} more characters omitted]`;
  }
  return { text, removed };
}
