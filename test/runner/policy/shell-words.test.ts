import { describe, expect, it } from "vitest";
import { splitShellWords } from "../../../src/runner/policy/shell-words.js";

const refusal = (what: string) => ({
  ok: false,
  reason: `the command uses ${what}, which policy rules cannot check`,
});

describe("splitShellWords", () => {
  it.each([
    ["ls", ["ls"]],
    ["  ls   -la\tsrc  ", ["ls", "-la", "src"]],
    ["cat 'a b'", ["cat", "a b"]],
    ['cat "a b"', ["cat", "a b"]],
    ["cat a'b c'd", ["cat", "ab cd"]],
    ["cat ''", ["cat", ""]],
    ['cat ""', ["cat", ""]],
    // Quoting makes every metacharacter literal.
    ["grep ';&|<>()`*?[]{}~$' x", ["grep", ";&|<>()`*?[]{}~$", "x"]],
    ['grep "*.ts;|&<>(){}[]?~" x', ["grep", "*.ts;|&<>(){}[]?~", "x"]],
    ["cat 'it''s'", ["cat", "its"]],
    ['cat "it\'s"', ["cat", "it's"]],
    // Backslash escapes outside quotes; inside double quotes only before " \\ $ `.
    ["cat a\\ b", ["cat", "a b"]],
    ["cat \\;", ["cat", ";"]],
    ["cat \\$HOME", ["cat", "$HOME"]],
    ["cat \\*", ["cat", "*"]],
    ['cat "a\\"b"', ["cat", 'a"b']],
    ['cat "a\\\\b"', ["cat", "a\\b"]],
    ['cat "a\\$b"', ["cat", "a$b"]],
    ['cat "a\\`b"', ["cat", "a`b"]],
    ['cat "a\\nb"', ["cat", "a\\nb"]],
    ["cat 'a\\b'", ["cat", "a\\b"]],
    // A tilde inside a word is literal: the shell only expands a leading one.
    ["cat a~b", ["cat", "a~b"]],
    ["git diff HEAD~1", ["git", "diff", "HEAD~1"]],
    ["cat '~'/x", ["cat", "~/x"]],
    ["find . -name '*.ts'", ["find", ".", "-name", "*.ts"]],
    ["grep -e x=1 --include=a.ts", ["grep", "-e", "x=1", "--include=a.ts"]],
    ["echo %^!#@+,.:=", ["echo", "%^!#@+,.:="]],
  ])("%s", (command, words) => {
    expect(splitShellWords(command)).toEqual({ ok: true, words });
  });

  it.each([
    ["a ; b", 'shell operator ";"'],
    ["a & b", 'shell operator "&"'],
    ["a && b", 'shell operator "&"'],
    ["a | b", 'shell operator "|"'],
    ["a || b", 'shell operator "|"'],
    ["a < b", 'shell operator "<"'],
    ["a > b", 'shell operator ">"'],
    ["a >> b", 'shell operator ">"'],
    ["(a)", 'shell operator "("'],
    ["a )", 'shell operator ")"'],
    ["a\nb", 'shell operator "\\n"'],
    ["a\rb", 'shell operator "\\r"'],
    ["a `b`", 'shell operator "`"'],
    ["a;b", 'shell operator ";"'],
    ["cat $HOME", '"$" expansion'],
    ["cat $(id)", '"$" expansion'],
    ["cat a$b", '"$" expansion'],
    ['cat "$HOME"', '"$" expansion inside double quotes'],
    ['cat "`id`"', '"`" expansion inside double quotes'],
    ["cat *", 'unquoted glob or brace character "*" (quote the pattern)'],
    ["cat a?", 'unquoted glob or brace character "?" (quote the pattern)'],
    ["cat [ab]", 'unquoted glob or brace character "[" (quote the pattern)'],
    ["cat a]", 'unquoted glob or brace character "]" (quote the pattern)'],
    ["cat {a,b}", 'unquoted glob or brace character "{" (quote the pattern)'],
    ["cat a}", 'unquoted glob or brace character "}" (quote the pattern)'],
    ["cat ~/.ssh/id_rsa", 'tilde expansion "~"'],
    ["cat ~", 'tilde expansion "~"'],
    ["~root", 'tilde expansion "~"'],
    ["cat x \\", "trailing backslash"],
    ["cat x \\\n", "trailing backslash"],
    ["cat 'x", "unterminated quote"],
    ['cat "x', "unterminated quote"],
    ["", "empty command"],
    ["   \t ", "empty command"],
  ])("refuses %j", (command, what) => {
    expect(splitShellWords(command)).toEqual(refusal(what));
  });
});
