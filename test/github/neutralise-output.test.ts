import { marked } from "marked";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/findings/finding.js";
import { createGitHubClient, webHostOf } from "../../src/github/github-client.js";
import {
  DEFAULT_NEUTRALISER,
  neutraliserFor,
  OutputNeutraliser,
} from "../../src/github/neutralise-output.js";

const Z = "\u200b";
const n = new OutputNeutraliser({ secrets: ["known-secret-value"], trustedHosts: ["github.com"] });

describe("redact", () => {
  it.each([
    ["a known value", "x known-secret-value y", "x [REDACTED] y"],
    ["a token shape", `t ghp_${"a".repeat(36)}`, "t [REDACTED]"],
    ["a fine-grained PAT", `github_pat_${"a1_".repeat(10)}`, "[REDACTED]"],
    ["an Anthropic key", "sk-ant-api03-abcdefghijkl", "[REDACTED]"],
    ["an AWS key id", "AKIAABCDEFGHIJKLMNOP", "[REDACTED]"],
    ["a JWT", "eyJhbGciOiJI.eyJzdWIiOiIx.c2lnbmF0dXJl", "[REDACTED]"],
    ["a private key cut short", "-----BEGIN RSA PRIVATE KEY-----\nMIIE", "[REDACTED]"],
  ])("%s", (_what, input, expected) => {
    expect(n.redact(input)).toBe(expected);
  });

  it("leaves ordinary text and short look-alikes", () => {
    expect(n.redact("eyJ.eyJ.x and ghp_short")).toBe("eyJ.eyJ.x and ghp_short");
  });

  it("adds secrets with withSecrets, keeping the earlier ones and the trusted hosts", () => {
    const more = n.withSecrets(["another-secret"]);
    expect(more.redact("known-secret-value another-secret")).toBe("[REDACTED] [REDACTED]");
    expect(more.prose("[a](https://github.com/x)")).toBe("[a](https://github.com/x)");
    expect(n.redact("another-secret")).toBe("another-secret");
  });
});

describe("prose", () => {
  it.each([
    ["user mention", "hi @octocat", `hi @${Z}octocat`],
    ["team mention", "cc @acme/team", `cc @${Z}acme/team`],
    ["escaped mention", "\\@octocat", `\\@${Z}octocat`],
    ["entity mention", "&#64;octocat", `&${Z}#64;octocat`],
    ["named entity", "&commat;x", `&${Z}commat;x`],
    ["a lone @ stays", "a @ b", "a @ b"],
    ["foreign image", "![x](https://evil.io/p.png)", `(image: x — https${Z}://evil.io/p.png)`],
    ["foreign link", "[x](http://evil.io)", `x (http${Z}://evil.io)`],
    ["link in angle brackets", "[x](<https://evil.io/a b>)", `x (https${Z}://evil.io/a b)`],
    ["link with title", '[x](https://evil.io "t")', `x (https${Z}://evil.io)`],
    ["protocol-relative link", "[x](//evil.io/p)", "x (//evil.io/p)"],
    ["backslash trick", "[x](/\\evil.io)", "x (/\\evil.io)"],
    ["javascript link", "[x](javascript:alert(1))", "x (javascript:alert(1))"],
    ["entity in destination", "[x](https&#58;//evil.io)", `x (https&${Z}#58;//evil.io)`],
    ["GitHub link kept", "[x](https://github.com/a/b)", "[x](https://github.com/a/b)"],
    ["GitHub subdomain kept", "![x](https://docs.github.com/a.png)", "![x](https://docs.github.com/a.png)"],
    ["relative link kept", "[x](docs/a.md#b)", "[x](docs/a.md#b)"],
    ["look-alike host", "[x](https://github.com.evil.io/)", `x (https${Z}://github.com.evil.io/)`],
    ["userinfo trick", "[x](https://github.com@evil.io/)", `x (https${Z}://github.com@${Z}evil.io/)`],
    ["port on a trusted host", "https://github.com:443/x", "https://github.com:443/x"],
    ["bare URL", "see https://evil.io/x", `see https${Z}://evil.io/x`],
    ["escaped bare URL", "https\\://evil.io", `https${Z}\\://evil.io`],
    ["www URL", "www.evil.io/x", `www${Z}.evil.io/x`],
    ["www on GitHub kept", "www.github.com/x", "www.github.com/x"],
    ["autolink", "<https://evil.io>", `<${Z}https${Z}://evil.io>`],
    ["reference definition", "[r]: https://evil.io/p.png", `[r]${Z}: https${Z}://evil.io/p.png`],
    ["unknown link form", "[a [b] c](x)", `[a [b] c]${Z}(x)`],
    ["html image", "<img src=x>", `<${Z}img src=x>`],
    ["html link", "<a href=x>y</a>", `<${Z}a href=x>y<${Z}/a>`],
    ["html comment", "<!-- claude-pr-runner:fp:x -->", `<${Z}!-- claude-pr-runner:fp:x -->`],
    ["processing instruction", "<?php", `<${Z}?php`],
    [
      "safe tags kept",
      "<details><summary>s</summary>x<br/></details><sub>y</sub>",
      "<details><summary>s</summary>x<br/></details><sub>y</sub>",
    ],
    ["safe tag with attributes", "<details open>", `<${Z}details open>`],
    ["less-than in code", "a < b and Array<string>", `a < b and Array<${Z}string>`],
    ["bidi override", "a\u202Eb\u2066c", "abc"],
  ])("%s", (_what, input, expected) => {
    expect(n.prose(input)).toBe(expected);
  });

  it.each(["details", "summary", "sub", "sup", "b", "i", "em", "strong", "code", "kbd", "p"])(
    "keeps our formatting tag <%s> and its closing tag, bare only",
    (tag) => {
      expect(n.prose(`<${tag}>x</${tag}>`)).toBe(`<${tag}>x</${tag}>`);
      expect(n.prose(`<${tag.toUpperCase()} >x`)).toBe(`<${tag.toUpperCase()} >x`);
      expect(n.prose(`<${tag} x=1>`)).toBe(`<${Z}${tag} x=1>`);
      expect(n.prose(`<${tag}x>`)).toBe(`<${Z}${tag}x>`);
    },
  );

  it("keeps <br>, <br/>, <br /> and <hr>", () => {
    expect(n.prose("a<br>b<br/>c<br />d<hr>")).toBe("a<br>b<br/>c<br />d<hr>");
  });

  it("trusts GitHub links in any letter case, and http as well as https", () => {
    expect(n.prose("[a](HTTPS://GitHub.com/x) [b](http://github.com/y) [c](<https://github.com/z>)")).toBe(
      "[a](HTTPS://GitHub.com/x) [b](http://github.com/y) [c](https://github.com/z)",
    );
    expect(n.prose("![c](<https://github.com/a b>)")).toBe("(image: c — https://github.com/a b)");
    expect(n.prose("[a](https://github.com) [b](https://github.com?q) [c](https://github.com#f)")).toBe(
      "[a](https://github.com) [b](https://github.com?q) [c](https://github.com#f)",
    );
    expect(n.prose("[a](https://notgithub.com/x)")).toBe(`a (https${Z}://notgithub.com/x)`);
    expect(n.prose("![a](ftp://github.com/x)")).toBe("(image: a — ftp://github.com/x)");
  });

  it("keeps a relative link and its title, and refuses percent-encoded or scheme-bearing ones", () => {
    expect(n.prose('[x](a/b.md "t")')).toBe('[x](a/b.md "t")');
    expect(n.prose("[x](a%2F%2Fevil)")).toBe("x (a%2F%2Fevil)");
    expect(n.prose("[x](data:image/png;base64,AAAA)")).toBe("x (data:image/png;base64,AAAA)");
    expect(n.prose("[x]()")).toBe("[x]()");
  });

  it("keeps angle brackets inside a destination as they are (then defused as text)", () => {
    expect(n.prose("[x](https://evil.io/a>b)")).toBe(`x (https${Z}://evil.io/a>b)`);
    expect(n.prose("[x](https://evil.io/a<b)")).toBe(`x (https${Z}://evil.io/a<${Z}b)`);
  });

  it("refuses userinfo even before a GitHub host, and a colon inside the host", () => {
    expect(n.prose("[x](https://user@docs.github.com/)")).toBe(`x (https${Z}://user@${Z}docs.github.com/)`);
    expect(n.prose("see https://github.c:om/x")).toBe(`see https${Z}://github.c:om/x`);
  });

  it("reads a backslash-escaped URL as GitHub renders it", () => {
    expect(n.prose("https://github.com\\/x and www.github.com\\/y")).toBe(
      "https://github.com\\/x and www.github.com\\/y",
    );
  });

  it("handles several links on one line and parentheses in a destination", () => {
    expect(n.prose("[a](https://evil.io/a_(b)) and [c](d.md)")).toBe(
      `a (https${Z}://evil.io/a_(b)) and [c](d.md)`,
    );
  });

  it("is idempotent", () => {
    const hostile =
      "@a ![x](https://evil.io/p) [y](https://evil.io) <!-- m --> https://evil.io www.evil.io &#64;b [r]: x <img>";
    const once = n.prose(hostile);
    expect(n.prose(once)).toBe(once);
    expect(n.markup(once)).toBe(once);
  });
});

describe("markup", () => {
  const marker = "<!-- claude-pr-runner:fp:abc -->";

  it("keeps the publisher's markers on the first and last lines, once each", () => {
    const zzz = "<!-- claude-pr-runner:fp:zzz -->";
    const body = `${marker}\n\nhello @x\n${zzz}\n${marker}\n\n${zzz}`;
    expect(n.markup(body, { markers: [marker, zzz] })).toBe(
      `${marker}\n\nhello @${Z}x\n<${Z}!-- claude-pr-runner:fp:zzz -->\n<${Z}!-- claude-pr-runner:fp:abc -->\n\n${zzz}`,
    );
    // Scanning from the end stops at the first line that is neither blank nor an unused marker.
    expect(n.markup(`x\n${zzz}\n${marker}\n${marker}`, { markers: [marker, zzz] })).toBe(
      `x\n<${Z}!-- claude-pr-runner:fp:zzz -->\n<${Z}!-- claude-pr-runner:fp:abc -->\n${marker}`,
    );
  });

  it("defuses a marker it was not given, even on the last line", () => {
    expect(n.markup(`x\n${marker}`)).toBe(`x\n<${Z}!-- claude-pr-runner:fp:abc -->`);
  });

  it("leaves column-0 fenced code byte-exact except for secrets", () => {
    const body = "```suggestion\n@types/node <img> [a](https://evil.io) known-secret-value\n```\n@after";
    expect(n.markup(body)).toBe(
      "```suggestion\n@types/node <img> [a](https://evil.io) [REDACTED]\n```\n@" + `${Z}after`,
    );
  });

  it("tilde fences, longer closing fences and indented closers end the code", () => {
    expect(n.markup("~~~\n@a\n  ~~~~\n@b")).toBe(`~~~\n@a\n  ~~~~\n@${Z}b`);
    expect(n.markup("````\n@a\n```\n@b\n````\n@c")).toBe(`\`\`\`\`\n@a\n\`\`\`\n@b\n\`\`\`\`\n@${Z}c`);
  });

  it("does not take a fence that is indented, nested in a list or has a backtick in its info string", () => {
    expect(n.markup("- ```\n  @a\n  ```\n@b")).toBe(`- \`\`\`\n  @${Z}a\n  \`\`\`\n@${Z}b`);
    // The last line then opens a real fence, which runs to the end and is closed for it.
    expect(n.markup("``` a`b\n@a\n```")).toBe(`\`\`\` a\`b\n@${Z}a\n\`\`\`\n\`\`\``);
    expect(n.markup(" ```\n@a")).toBe(` \`\`\`\n@${Z}a`);
  });

  it("a closing fence must be the opener's character, at least as long, and alone on its line", () => {
    expect(n.markup("```\n~~~\n``` x\n```\n@a")).toBe(`\`\`\`\n~~~\n\`\`\` x\n\`\`\`\n@${Z}a`);
    expect(n.markup("```\n    ```\n@a\n```")).toBe("```\n    ```\n@a\n```");
  });

  it("a closing fence may carry trailing blanks; text after it on the line makes it content", () => {
    expect(n.markup("```\n@a\n``` \t\n@b")).toBe(`\`\`\`\n@a\n\`\`\` \t\n@${Z}b`);
    expect(n.markup("~~~ a`b\n@a\n~~~")).toBe("~~~ a`b\n@a\n~~~");
    expect(n.markup("``\n@a")).toBe(`\`\`\n@${Z}a`);
    expect(n.markup("   ```\n@a\n```")).toBe(`   \`\`\`\n@${Z}a\n\`\`\`\n\`\`\``);
  });

  it("keeps blank lines around peeled markers and defuses everything between", () => {
    expect(n.markup("\n\n@a\n\n", { markers: [] })).toBe(`\n\n@${Z}a\n\n`);
    expect(n.markup("")).toBe("");
  });

  it("peels whitespace-only lines around markers, a body of markers alone, and never a middle line", () => {
    expect(n.markup(`@x\n${marker}\n  \n`, { markers: [marker] })).toBe(`@${Z}x\n${marker}\n  \n`);
    expect(n.markup(`${marker}\n`, { markers: [marker] })).toBe(`${marker}\n`);
    expect(n.markup(`x\n${marker}\n@y`, { markers: [marker] })).toBe(
      `x\n<${Z}!-- claude-pr-runner:fp:abc -->\n@${Z}y`,
    );
    expect(n.markup("a\u202Eb")).toBe("ab");
  });

  it("a single tilde or two are no fence", () => {
    expect(n.markup("~ x\n@a")).toBe(`~ x\n@${Z}a`);
  });

  it("closes a fence the agent left open", () => {
    expect(n.markup("x\n````js\ncode")).toBe("x\n````js\ncode\n````");
  });

  // Code we leave untouched must be code for GitHub too. Rendered with marked (GFM) and checked
  // for what would be live there: an image, a mention, an HTML comment outside <pre>/<code>.
  describe("fences that are not fences for GitHub", () => {
    const live = (body: string) => {
      const html = marked.parse(n.markup(body), { async: false, gfm: true });
      const outsideCode = html.replace(/<pre>[\s\S]*?<\/pre>/g, "").replace(/<code>[\s\S]*?<\/code>/g, "");
      return {
        image: /<img/i.test(outsideCode),
        mention: /@[A-Za-z0-9]/.test(outsideCode),
        comment: /<!--/.test(outsideCode),
      };
    };
    const payload = "@org/team <img src=https://evil.example/p.png> <!-- claude-pr-runner:sticky:review -->";

    it.each([
      ["a closing fence ended by CRLF", `\`\`\`\nx\n\`\`\`\r\n${payload}\n\`\`\``],
      ["a closing fence ended by a lone CR", `\`\`\`\nx\r\`\`\`\r${payload}\n\`\`\``],
      ["a fence line inside a <details> HTML block", `<details>\n\`\`\`\n${payload}\n\`\`\`\n</details>`],
      ["a fence line after <p> that interrupts a paragraph", `text\n<p>\n\`\`\`\n${payload}\n\`\`\``],
      ["an indented tag opening the HTML block", `  <summary>s</summary>\n\`\`\`\n${payload}\n\`\`\``],
    ])("%s: nothing after it is live", (_what, body) => {
      expect(live(body)).toEqual({ image: false, mention: false, comment: false });
    });

    it("a fence after the HTML block's blank line is code again, byte-exact", () => {
      const body = "<details>\n\n```suggestion\n@keep <b>\n```\n</details>";
      expect(n.markup(body)).toBe(body);
    });

    it("normalises CR and CRLF line ends to LF, as GitHub stores them", () => {
      expect(n.markup("a\r\nb\rc")).toBe("a\nb\nc");
    });
  });
});

describe("finding and report", () => {
  const f: Finding = {
    path: "src/`@a`.ts",
    startLine: 1,
    endLine: 1,
    severity: "error",
    title: "@t",
    body: "@b",
    category: "@c",
    suggestion: "@s known-secret-value",
    fingerprint: "fp1",
  };

  it("neutralises every text field; the suggestion and path only lose secrets and breakouts", () => {
    expect(n.finding(f)).toEqual({
      ...f,
      path: "src/_@a_.ts",
      title: `@${Z}t`,
      body: `@${Z}b`,
      category: `@${Z}c`,
      suggestion: "@s [REDACTED]",
    });
    const { suggestion: _s, ...without } = f;
    expect(n.finding(without)).not.toHaveProperty("suggestion");
  });

  it("neutralises a run report's title, verdict, details and findings", () => {
    const report = n.report({
      title: "@t",
      verdict: "@v",
      details: "@d",
      findings: [f],
      runUrl: "https://x.io",
    });
    expect(report).toMatchObject({
      title: `@${Z}t`,
      verdict: `@${Z}v`,
      details: `@${Z}d`,
      runUrl: "https://x.io",
    });
    expect(report.findings[0]!.title).toBe(`@${Z}t`);
    expect(n.report({ title: "t", verdict: "v", findings: [] })).not.toHaveProperty("details");
  });
});

describe("logLine", () => {
  it("defuses workflow commands on every line, and legacy ##[ anywhere", () => {
    expect(n.logLine("::set-output name=a::b")).toBe(`${Z}::set-output name=a::b`);
    expect(n.logLine("ok\n  ::add-mask::x\r::stop-commands::t\r\n::error::e")).toBe(
      `ok\n  ${Z}::add-mask::x\r${Z}::stop-commands::t\r\n${Z}::error::e`,
    );
    expect(n.logLine("x ##[set-env name=A]b")).toBe(`x #${Z}#[set-env name=A]b`);
    expect(n.logLine("a: b :: c")).toBe("a: b :: c");
    expect(n.logLine(":x")).toBe(":x");
  });

  // The runner trims with .NET's char.IsWhiteSpace, which counts U+0085 (NEL); JavaScript's \s
  // does not. Other invisible leaders (format and control characters) are defused the same way.
  it.each([
    ["NEL", "\u0085"],
    ["NEL after blanks", " \t\u0085"],
    ["no-break space", "\u00a0"],
    ["ideographic space", "\u3000"],
    ["line separator", "\u2028"],
    ["a control character", "\u0001"],
    ["a byte order mark", "\ufeff"],
  ])("defuses a command after %s", (_what, lead) => {
    const out = n.logLine(`ok\n${lead}::set-output name=conclusion::success`);
    expect(out).toBe(`ok\n${lead}${Z}::set-output name=conclusion::success`);
    // What the runner does with each line: .NET TrimStart (U+0085 included), then "::" at the start.
    for (const line of out.split(/\r\n|\r|\n/)) {
      expect(line.replace(/^[\s\u0085]+/, "").startsWith("::"), JSON.stringify(line)).toBe(false);
    }
    expect(n.logLine("key known-secret-value")).toBe("key [REDACTED]");
  });
});

describe("neutraliserFor", () => {
  it("gives a client's token, its secrets and its server's host; the default otherwise", () => {
    const octokit = createGitHubClient({
      token: "tok-123456789",
      secrets: ["s3cret-value"],
      baseUrl: "https://ghe.example.com/api/v3",
    });
    const neutraliser = neutraliserFor(octokit);
    expect(neutraliser.redact("tok-123456789 s3cret-value")).toBe("[REDACTED] [REDACTED]");
    expect(neutraliser.prose("[a](https://ghe.example.com/x) [b](https://github.com/y)")).toBe(
      "[a](https://ghe.example.com/x) [b](https://github.com/y)",
    );
    expect(neutraliserFor({})).toBe(DEFAULT_NEUTRALISER);
    expect(neutraliserFor(undefined)).toBe(DEFAULT_NEUTRALISER);
  });

  it("maps the API host to the web host", () => {
    expect(webHostOf()).toBe("github.com");
    expect(webHostOf("https://api.github.com/")).toBe("github.com");
    expect(webHostOf("https://ghe.example.com/api/v3")).toBe("ghe.example.com");
    expect(webHostOf("https://api.ghe.example.com")).toBe("ghe.example.com");
  });
});

describe("pullRequestBody and commitMessage: closing references", () => {
  it.each([
    ["Fixes #12", `Fixes${Z} #${Z}12`],
    ["closes: #3", `closes${Z}: #${Z}3`],
    ["RESOLVED   octo/app#4", `RESOLVED${Z}   octo/app#${Z}4`],
    ["fix https://github.com/octo/app/issues/5", `fix${Z} https://github.com/octo/app/issues/${Z}5`],
    ["close https://github.com/octo/app/pull/6", `close${Z} https://github.com/octo/app/pull/${Z}6`],
    ["Fixed #7, resolve #8", `Fixed${Z} #${Z}7, resolve${Z} #${Z}8`],
  ])("%s: keyword and reference are each broken", (text, expected) => {
    expect(DEFAULT_NEUTRALISER.pullRequestBody(text)).toBe(expected);
    expect(DEFAULT_NEUTRALISER.commitMessage(text)).toBe(expected);
  });

  it.each(["prefixes #1", "fix #abc", "closes the issue", "see #12", "unfixed #3", "fixes octo/app"])(
    "%s: no closing reference, left as written",
    (text) => {
      expect(DEFAULT_NEUTRALISER.pullRequestBody(text)).toBe(text);
      expect(DEFAULT_NEUTRALISER.commitMessage(text)).toBe(text);
    },
  );

  it("a PR body is markup as well: links, images and markers are neutralised as in any body", () => {
    expect(n.pullRequestBody("![x](https://evil.example/p.png) <!-- claude-review --> Fixes #1")).toBe(
      n
        .markup("![x](https://evil.example/p.png) <!-- claude-review --> Fixes #1")
        .replace("Fixes #1", `Fixes${Z} #${Z}1`),
    );
  });
});

describe("commitMessage: what a commit carries besides its text", () => {
  it("drops every credit trailer of the agent's, in any case, and keeps other lines", () => {
    const message = [
      "fix: add numbers",
      "",
      "Co-authored-by: mallory <m@example.com>",
      "  signed-off-by:Someone <s@example.com>",
      "Reviewed-By: x <x@example.com>",
      "On-behalf-of: @org <o@example.com>",
      "By: the way, this line stays",
      "Refs: JIRA-1",
    ].join("\n");
    expect(DEFAULT_NEUTRALISER.commitMessage(message)).toBe(
      "fix: add numbers\n\nBy: the way, this line stays\nRefs: JIRA-1",
    );
  });

  it("defuses mentions, removes bidirectional controls and redacts secrets", () => {
    expect(n.commitMessage("cc @octo-org/security and @alice; a\u202Eb known-secret-value")).toBe(
      `cc @${Z}octo-org/security and @${Z}alice; ab [REDACTED]`,
    );
  });

  it("leaves no run of blank lines where trailers were", () => {
    expect(DEFAULT_NEUTRALISER.commitMessage("fix\n\nCo-authored-by: a <a@x>\n\nbody")).toBe("fix\n\nbody");
  });
});
