import { describe, expect, it } from "vitest";
import { parseClaudeArgs, splitWords } from "../../src/runner/parse-claude-args.js";
import { RunnerConfigError } from "../../src/runner/runner-config-error.js";

const WS = "/work/space";

describe("parseClaudeArgs", () => {
  it("accepts the allowlisted flags, in both --flag value and --flag=value forms", () => {
    expect(
      parseClaudeArgs(
        `--model claude-opus-4-5 --fallback-model=claude-sonnet-4-5 --max-turns 12 --effort high --add-dir docs --add-dir=./lib --append-system-prompt "Be terse, 'please'."`,
        WS,
      ),
    ).toEqual({
      model: "claude-opus-4-5",
      fallbackModel: "claude-sonnet-4-5",
      maxTurns: 12,
      effort: "high",
      addDirs: ["/work/space/docs", "/work/space/lib"],
      appendSystemPrompt: "Be terse, 'please'.",
    });
    expect(parseClaudeArgs("  ", WS)).toEqual({});
  });

  it.each([
    ["--allowedTools Bash", /--allowedTools would change the agent's tools or permissions/],
    ["--tools=Bash,Edit", /--tools would change/],
    ["--dangerously-skip-permissions", /--dangerously-skip-permissions would change/],
    ["--permission-mode bypassPermissions", /--permission-mode would change/],
    ["--mcp-config servers.json", /--mcp-config would change/],
    ["--settings '{}'", /--settings would change/],
    ["--verbose", /"--verbose" is not allowed; allowed flags: --model, --fallback-model/],
    ["-p hi", /"-p" is not allowed/],
    ["--model", /--model needs a value/],
    ["--model --effort high", /--model needs a value/],
    ["--max-turns two", /--max-turns must be a positive integer; got "two"/],
    ["--max-turns 0", /--max-turns must be a positive integer/],
    ["--effort extreme", /--effort must be one of low, medium, high, xhigh, max; got "extreme"/],
    ["--add-dir ../other", /--add-dir \.\.\/other is outside the workspace/],
    ["--add-dir /etc", /--add-dir \/etc is outside the workspace/],
    ["--add-dir /work/spaceship", /outside the workspace/],
    [`--append-system-prompt "unterminated`, /unterminated " quote/],
  ])("refuses %s", (args, message) => {
    expect(() => parseClaudeArgs(args, WS)).toThrow(RunnerConfigError);
    expect(() => parseClaudeArgs(args, WS)).toThrow(message);
  });
});

describe("splitWords", () => {
  it("splits on whitespace, groups quotes, keeps empty quoted words, escapes in double quotes", () => {
    expect(splitWords(`a  'b c' "d \\"e\\"" '' f\tg`)).toEqual(["a", "b c", 'd "e"', "", "f", "g"]);
  });
});
