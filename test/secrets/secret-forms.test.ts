import { describe, expect, it } from "vitest";
import { ENCODED_SECRET_NOTICE, OutputNeutraliser } from "../../src/github/neutralise-output.js";
import {
  holdsSecret,
  joinedStrings,
  normaliseForSecretSearch,
  secretForms,
} from "../../src/secrets/secret-forms.js";

// Every spelling of a secret the red team published, caught after normalising (secret-forms.ts).
const SECRET = "ghs_Zk3QmA9pLx7TwV2bN8cR5sY1uE4oI6hG0jD";
const ZW = "\u200b";

/** Every spelling of SECRET the red team published. */
function spellings(secret: string): Record<string, string> {
  const half = Math.floor(secret.length / 2);
  return {
    hex: Buffer.from(secret).toString("hex"),
    "hex, upper case": Buffer.from(secret).toString("hex").toUpperCase(),
    reversed: [...secret].reverse().join(""),
    base32: base32(secret),
    base64url: Buffer.from(secret).toString("base64url"),
    "percent-encoded": [...Buffer.from(secret)].map((b) => `%${b.toString(16).padStart(2, "0")}`).join(""),
    "HTML entities": [...secret].map((c) => `&#${c.charCodeAt(0)};`).join(""),
    "zero-width interleaved": [...secret].join(ZW),
    "soft hyphens and bidi marks": [...secret].join("\u00ad\u200e"),
    "spaces between halves": `${secret.slice(0, half)}\n \n${secret.slice(half)}`,
  };
}

function base32(text: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const byte of Buffer.from(text)) bits += byte.toString(2).padStart(8, "0");
  return (bits.match(/.{1,5}/g) ?? [])
    .map((chunk) => alphabet[Number.parseInt(chunk.padEnd(5, "0"), 2)])
    .join("");
}

describe("holdsSecret: a secret found after normalising", () => {
  for (const [name, text] of Object.entries(spellings(SECRET))) {
    it(`finds it ${name}`, () => {
      expect(holdsSecret(`The config says: ${text} (see above)`, [SECRET])).toBe(true);
    });
  }

  it("finds it split across two fields of one output, and not in text without it", () => {
    const half = 20;
    const output = {
      summary: "fine",
      findings: [
        { title: "a", body: `value starts ${SECRET.slice(0, half)}` },
        { title: "b", body: `${SECRET.slice(half)} and ends` },
      ],
    };
    expect(holdsSecret(JSON.stringify(output.findings[0]), [SECRET])).toBe(false);
    expect(holdsSecret(joinedStrings(output), [SECRET])).toBe(true);
    expect(holdsSecret(joinedStrings({ summary: "no secret here", n: 1 }), [SECRET])).toBe(false);
  });
});

describe("the neutraliser redacts every published spelling", () => {
  const neutraliser = new OutputNeutraliser({ secrets: [SECRET] });
  for (const [name, text] of Object.entries(spellings(SECRET))) {
    it(`${name}: prose, markup and code lose the text`, () => {
      for (const out of [
        neutraliser.prose(`leak: ${text}`),
        neutraliser.markup(`## Summary\n\n\`\`\`\n${text}\n\`\`\``),
        neutraliser.redact(text),
      ]) {
        // Cut out where the spelling is exact, or the whole text with it where it is not.
        expect(out).toContain("[REDACTED");
        expect(holdsSecret(out, [SECRET])).toBe(false);
      }
    });
  }
  it("leaves text without the secret as it was", () => {
    expect(neutraliser.redact("`sub(5, 3)` returns 8")).toBe("`sub(5, 3)` returns 8");
    expect(neutraliser.redact(`x ${[...SECRET].join(ZW)} y`)).toBe(ENCODED_SECRET_NOTICE);
  });
});

describe("secretForms and normaliseForSecretSearch, rule by rule", () => {
  it("has no forms for a value too short to be a secret, and all of them from six characters", () => {
    expect(secretForms("abcde")).toEqual([]);
    expect(secretForms("foobar")).toEqual(
      [
        "foobar",
        "zm9vyMfy".toLowerCase(),
        "zm9vymfy",
        Buffer.from("x-access-token:foobar").toString("base64").replace(/=+$/, "").toLowerCase(),
        "666f6f626172",
        "raboof",
        // RFC 4648's own test vector for "foobar", without padding.
        "mzxw6ytboi",
      ].filter((form, i, all) => all.indexOf(form) === i),
    );
  });

  it("finds a padded base64 form, and the basic-auth value git persists", () => {
    const secret = "ghs_pad1"; // 8 bytes: base64 has one "=".
    expect(Buffer.from(secret).toString("base64")).toMatch(/=$/);
    expect(holdsSecret(`x ${Buffer.from(secret).toString("base64")} y`, [secret])).toBe(true);
    expect(
      holdsSecret(`AUTHORIZATION: basic ${Buffer.from(`x-access-token:${secret}`).toString("base64")}`, [
        secret,
      ]),
    ).toBe(true);
  });

  it("removes every invisible character it knows, and all whitespace", () => {
    for (const invisible of [
      "\u200b",
      "\u00ad",
      "\u202e",
      "\u034f",
      "\u115f",
      "\u1160",
      "\u17b4",
      "\u17b5",
      "\u180b",
      "\u180f",
      "\u3164",
      "\ufe00",
      "\ufe0f",
      "\uffa0",
    ]) {
      expect(normaliseForSecretSearch(`a${invisible}b`), invisible.codePointAt(0)!.toString(16)).toBe("ab");
    }
    expect(normaliseForSecretSearch("a \t\r\n b")).toBe("ab");
    expect(normaliseForSecretSearch("ABC")).toBe("abc");
  });

  it("decodes character references (decimal, hex, named, with or without ';') and leaves unknown or impossible ones", () => {
    expect(normaliseForSecretSearch("&#103;&#x68;&#X69;&#106")).toBe("ghij");
    expect(normaliseForSecretSearch("&amp;&lt;&gt;&quot;&apos;&AMP;")).toBe("&<>\"'&");
    expect(normaliseForSecretSearch("&foo;&#0;&#x110000;")).toBe("&foo;&#0;&#x110000;");
  });

  it("decodes percent escapes as UTF-8, else byte for byte, and repeats until nothing changes", () => {
    expect(normaliseForSecretSearch("%67%68%C3%A9")).toBe("ghé");
    expect(normaliseForSecretSearch("%ff%41")).toBe("ÿa");
    expect(normaliseForSecretSearch("%2567%2568")).toBe("gh");
    expect(normaliseForSecretSearch("%252567")).toBe("g");
    expect(normaliseForSecretSearch("&#37;67&amp;#104;")).toBe("gh");
    expect(normaliseForSecretSearch("100%")).toBe("100%");
  });

  it("asks about every secret, and any one is enough", () => {
    expect(holdsSecret("only the second: ghs_second1", ["ghs_first01", "ghs_second1"])).toBe(true);
    expect(holdsSecret("neither", ["ghs_first01", "ghs_second1"])).toBe(false);
    expect(holdsSecret("anything", [])).toBe(false);
    expect(holdsSecret("", ["ghs_first01"])).toBe(false);
  });
});

describe("a secret in pieces", () => {
  const secret = "ghs_0123456789abcdefghijKLMN"; // 28 characters

  it("is found in pieces of eight or more, in any order, with anything between them", () => {
    expect(holdsSecret(`${secret.slice(14)} … later … ${secret.slice(0, 14)}`, [secret])).toBe(true);
    expect(
      holdsSecret(`${secret.slice(0, 8)} x ${secret.slice(8, 16)} y ${secret.slice(16)}`, [secret]),
    ).toBe(true);
    // Overlapping pieces count too.
    expect(holdsSecret(`${secret.slice(0, 20)} x ${secret.slice(10)}`, [secret])).toBe(true);
  });

  it("is not found when one piece is shorter than eight, or a piece is missing", () => {
    expect(holdsSecret(`${secret.slice(0, 21)} x ${secret.slice(21)}`, [secret])).toBe(false);
    expect(holdsSecret(`${secret.slice(0, 7)} x ${secret.slice(7)}`, [secret])).toBe(false);
    expect(holdsSecret(`${secret.slice(0, 10)} x ${secret.slice(12)}`, [secret])).toBe(false);
    expect(holdsSecret(secret.slice(0, 27), [secret])).toBe(false);
  });

  it("a secret shorter than two pieces is only found whole", () => {
    const short = "ghs_12345678901"; // 15 characters
    expect(holdsSecret(`${short.slice(0, 8)} x ${short.slice(7)}`, [short])).toBe(false);
    expect(holdsSecret(`x${short}x`, [short])).toBe(true);
  });
});

describe("joinedStrings", () => {
  it("takes every string, nested in arrays and objects, and nothing else", () => {
    expect(
      joinedStrings({ a: "one", b: ["two", { c: "three", d: 4, e: null, f: true }], g: undefined }).split(
        "\n",
      ),
    ).toEqual(["one", "two", "three", "", "", "", ""]);
    expect(joinedStrings(null)).toBe("");
    expect(joinedStrings("x")).toBe("x");
    expect(joinedStrings(["a", "b"])).toBe("a\nb");
  });
});
