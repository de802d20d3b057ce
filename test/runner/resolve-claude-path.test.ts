import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resolveClaudePath } from "../../src/runner/resolve-claude-path.js";
import { PINNED_CLAUDE_BIN } from "../harness/claude-cli.js";

describe("resolveClaudePath", () => {
  it("finds the bin declared by the installed @anthropic-ai/claude-code package", () => {
    const resolved = resolveClaudePath();
    expect(resolved).toMatch(/@anthropic-ai\/claude-code\/bin\/claude\.exe$/);
    expect(realpathSync(resolved)).toBe(realpathSync(PINNED_CLAUDE_BIN));
  });
});
