import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { CAT, GREP, HEAD, LS, TAIL, WC } from "../../../src/runner/policy/coreutils-allowlists.js";
import { parseFindArguments } from "../../../src/runner/policy/find-allowlist.js";
import {
  GIT_BLAME,
  GIT_GREP,
  GIT_LOG,
  GIT_LS_FILES,
  GIT_STATUS,
} from "../../../src/runner/policy/git-allowlists.js";
import {
  type OptionGrammar,
  parseOptions,
  resolveLongOption,
} from "../../../src/runner/policy/option-grammar.js";

const TOY: OptionGrammar = {
  command: "toy",
  abbreviations: true,
  numericOption: true,
  allowed: {
    "-a": "flag",
    "--alpha": "flag",
    "-e": "value",
    "--expr": "value",
    "-c": "optional-value",
    "--color": "optional-value",
    "--colour": "optional-value",
    "-f": "path-value",
  },
  denied: { "-O": "runs a program", "--open": "runs a program" },
  otherLongOptions: ["--column"],
};

describe("parseOptions (getopt_long and git parse-options syntax)", () => {
  it.each([
    // words, options as [option, value], operands
    [["-a", "x"], [["-a", undefined]], ["x"]],
    [["--alpha"], [["--alpha", undefined]], []],
    [["--al"], [["--alpha", undefined]], []],
    [["-e", "pat", "file"], [["-e", "pat"]], ["file"]],
    [["-epat"], [["-e", "pat"]], []],
    [
      ["-aepat"],
      [
        ["-a", undefined],
        ["-e", "pat"],
      ],
      [],
    ],
    [
      ["-ae", "pat"],
      [
        ["-a", undefined],
        ["-e", "pat"],
      ],
      [],
    ],
    [["--expr=pat"], [["--expr", "pat"]], []],
    [["--expr", "pat"], [["--expr", "pat"]], []],
    [["--ex", "-a"], [["--expr", "-a"]], []],
    [["--expr="], [["--expr", ""]], []],
    [["-c"], [["-c", undefined]], []],
    [["-c", "x"], [["-c", undefined]], ["x"]],
    [["-cx"], [["-c", "x"]], []],
    [["--color", "x"], [["--color", undefined]], ["x"]],
    [["--color=never"], [["--color", "never"]], []],
    [["-fpats"], [["-f", "pats"]], []],
    [["-12"], [["-12", undefined]], []],
    [["--", "-a", "--open"], [], ["-a", "--open"]],
    [["-", "x"], [], ["-", "x"]],
    [["x", "-a"], [["-a", undefined]], ["x"]],
  ] as const)("%j", (words, expected, operands) => {
    const parsed = parseOptions(TOY, words);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.options.map((o) => [o.option, o.value])).toEqual(expected);
    expect(parsed.operands).toEqual(operands);
  });

  it.each([
    [["-O"], '"-O" is not allowed for toy: runs a program'],
    [["-aO"], '"-aO" (-O) is not allowed for toy: runs a program'],
    [["-aOsh"], '"-aOsh" (-O) is not allowed for toy: runs a program'],
    [["--op=sh"], '"--op=sh" (--open) is not allowed for toy: runs a program'],
    [["--open"], '"--open" is not allowed for toy: runs a program'],
    [["-z"], '"-z" is not an option toy allows'],
    [["-az"], '"-az" (-z) is not an option toy allows'],
    [["--zeta"], '"--zeta" is not an option toy allows'],
    [["--col"], '"--col" is ambiguous for toy (could be --column, --color, --colour)'],
    [["--column"], '"--column" is not an option toy allows'],
    [["--alpha=1"], '"--alpha=1": toy --alpha takes no value'],
    [["-e"], '"-e": toy -e needs a value'],
    [["-ae"], '"-ae": toy -e needs a value'],
    [["--expr"], '"--expr": toy --expr needs a value'],
    [["-f"], '"-f": toy -f needs a value'],
    [["-1x"], '"-1x" (-1) is not an option toy allows'],
  ] as const)("refuses %j", (words, reason) => {
    expect(parseOptions(TOY, words)).toEqual({ ok: false, reason });
  });

  it("takes no abbreviations where the tool takes none, and no numeric option unless declared", () => {
    expect(resolveLongOption({ ...TOY, abbreviations: false }, "--al")).toEqual({
      ok: false,
      reason: '"--al" is not an option toy allows',
    });
    expect(resolveLongOption({ ...TOY, abbreviations: false }, "--alpha")).toEqual({
      ok: true,
      option: "--alpha",
    });
    expect(parseOptions({ ...TOY, numericOption: false }, ["-1"])).toMatchObject({ ok: false });
    // An exact name wins over the longer names it prefixes.
    expect(resolveLongOption({ ...TOY, otherLongOptions: ["--alphabet"] }, "--alpha")).toEqual({
      ok: true,
      option: "--alpha",
    });
  });
});

describe("find expression", () => {
  it.each([
    [
      [".", "-name", "*.ts"],
      [".", []],
    ],
    [
      ["-P", "src", "lib", "-type", "f", "-print"],
      [["src", "lib"], []],
    ],
    [
      ["!", "-name", "x"],
      [[], []],
    ],
    [
      ["src", "lib"],
      [["src", "lib"], []],
    ],
    [["-P"], [[], []]],
    [
      [".", "(", "-name", "x", ")"],
      [["."], []],
    ],
    [
      [".", "-newer", "a.ts", "-o", "(", "-empty", ")"],
      [["."], ["a.ts"]],
    ],
  ] as const)("reads %j", (args, [startPaths, pathArguments]) => {
    expect(parseFindArguments(args)).toEqual({
      ok: true,
      startPaths: typeof startPaths === "string" ? [startPaths] : startPaths,
      pathArguments,
    });
  });

  it.each([
    [
      ["-L", "."],
      '"-L" is not allowed for find: it follows symlinks, including links that leave the workspace',
    ],
    [["-H", "."], '"-H" is not allowed for find: it follows symlinks named on the command line'],
    [[".", "-exec", "sh", ";"], '"-exec" is not allowed for find: it runs a program'],
    [
      [".", "-follow"],
      '"-follow" is not allowed for find: it follows symlinks, including links that leave the workspace',
    ],
    [[".", "-fprint", "x"], '"-fprint" is not allowed for find: it writes a file'],
    [[".", "-delete"], '"-delete" is not allowed for find: it deletes files'],
    [[".", "-nam", "x"], '"-nam" is not a find primary the policy allows'],
    [[".", "-name"], "find -name needs an argument"],
    [
      [".", "-files0-from", "x"],
      '"-files0-from" is not allowed for find: it reads start paths from a file, which the path check cannot see',
    ],
  ] as const)("refuses %j", (args, reason) => {
    expect(parseFindArguments(args)).toEqual({ ok: false, reason });
  });
});

/** Long options an installed tool documents: every one must be known, so abbreviations resolve alike. */
function documentedLongOptions(command: string, args: string[]): string[] {
  let text: string;
  try {
    text = execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (error) {
    text = `${(error as { stdout?: string }).stdout ?? ""}`;
  }
  return [...new Set(text.match(/--[a-zA-Z][a-zA-Z0-9-]*/g) ?? [])];
}

function knownTo(grammar: OptionGrammar): Set<string> {
  return new Set([
    ...Object.keys(grammar.allowed),
    ...Object.keys(grammar.denied),
    ...(grammar.otherLongOptions ?? []),
  ]);
}

describe("the allowlists know every long option of the installed tools", () => {
  it.each([
    [LS, "ls", ["--help"]],
    [CAT, "cat", ["--help"]],
    [HEAD, "head", ["--help"]],
    [TAIL, "tail", ["--help"]],
    [WC, "wc", ["--help"]],
    [GREP, "grep", ["--help"]],
    [GIT_GREP, "git", ["grep", "--git-completion-helper"]],
    [GIT_STATUS, "git", ["status", "--git-completion-helper"]],
    [GIT_LS_FILES, "git", ["ls-files", "--git-completion-helper"]],
    [GIT_BLAME, "git", ["blame", "--git-completion-helper"]],
  ] as const)("$0.command", (grammar, command, args) => {
    const documented = documentedLongOptions(command, [...args]);
    expect(documented.length).toBeGreaterThan(0);
    const known = knownTo(grammar);
    expect(documented.filter((option) => !known.has(option))).toEqual([]);
  });

  it("git log/diff/show take no abbreviations (git refuses --onel)", () => {
    expect(GIT_LOG.abbreviations).toBe(false);
    let failed = false;
    try {
      execFileSync("git", ["log", "--onel", "-1"], { stdio: "ignore", cwd: process.cwd() });
    } catch {
      failed = true;
    }
    expect(failed).toBe(true);
  });
});
