import { describe, expect, it } from "vitest";
import { agentDefinition, canonicalJson } from "../../../src/engines/managed-agents/agent-definition.js";
import { SubmitResultTool } from "../../../src/engines/managed-agents/submit-result-tool.js";

const schema = { type: "object", required: ["a"], properties: { a: { type: "string" } } };
const spec = { jobKind: "review", model: "claude-sonnet-4-6", outputSchema: schema, access: "read" as const };

describe("agentDefinition", () => {
  it("hashes the content, not the key order: the same spec always finds the same agent", () => {
    const reordered = {
      ...spec,
      outputSchema: { properties: { a: { type: "string" } }, required: ["a"], type: "object" },
    };
    expect(agentDefinition(reordered).contentHash).toBe(agentDefinition(spec).contentHash);
    expect(agentDefinition({ ...spec, model: "claude-opus-4-6" }).contentHash).not.toBe(
      agentDefinition(spec).contentHash,
    );
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: undefined }] })).toBe('{"a":[2,{"d":3}],"b":1}');
  });

  it("enables edit and write only for write access; web tools never; bash always asks", () => {
    const enabled = (access: "read" | "write") => {
      const toolset = agentDefinition({ ...spec, access }).params.tools![0] as {
        default_config: { enabled: boolean };
        configs: Array<{ name: string; enabled: boolean; permission_policy?: { type: string } }>;
      };
      expect(toolset.default_config).toEqual({ enabled: false });
      expect(toolset.configs.find((c) => c.name === "bash")!.permission_policy).toEqual({
        type: "always_ask",
      });
      return toolset.configs.filter((c) => c.enabled).map((c) => c.name);
    };
    expect(enabled("read")).toEqual(["read", "glob", "grep", "bash"]);
    expect(enabled("write")).toEqual(["read", "glob", "grep", "bash", "edit", "write"]);
  });
});

describe("SubmitResultTool", () => {
  it("answers unknown tools with an error and accepts only one result", async () => {
    const tool = await SubmitResultTool.create(schema, 3);
    expect(tool.answer({ id: "x", name: "other", input: {} })).toMatchObject({ isError: true });
    expect(tool.attemptsUsed).toBe(0);
    expect(tool.answer({ id: "1", name: "submit_result", input: { a: "ok" } })).toEqual({
      isError: false,
      text: "Result accepted. Stop here.",
    });
    expect(tool.answer({ id: "2", name: "submit_result", input: { a: "other" } }).isError).toBe(false);
    expect(tool.result).toEqual({ a: "ok" });
  });

  it("is exhausted after its attempts, with the last problems in the answer", async () => {
    const tool = await SubmitResultTool.create(schema, 2);
    expect(tool.answer({ id: "1", name: "submit_result", input: {} }).text).toContain(
      "call submit_result again",
    );
    const last = tool.answer({ id: "2", name: "submit_result", input: { a: 1 } });
    expect(last.text).toContain("no attempts are left");
    expect(last.text).toContain("/a must be string");
    expect(tool.exhausted).toBe(true);
  });

  it("rebuilds its state from a history: an error answer never counts as the result", async () => {
    const tool = await SubmitResultTool.create(schema);
    tool.restore([
      { type: "agent.custom_tool_use", id: "t1", name: "submit_result", input: { a: 1 } },
      { type: "user.custom_tool_result", custom_tool_use_id: "t1", is_error: true },
      { type: "agent.custom_tool_use", id: "t2", name: "submit_result", input: { a: "fixed" } },
      { type: "agent.custom_tool_use", id: "t3", name: "other_tool", input: {} },
      { type: "user.custom_tool_result", custom_tool_use_id: "t3", is_error: false },
    ] as never);
    expect(tool.hasResult).toBe(false);
    expect(tool.attemptsUsed).toBe(1);
    tool.restore([{ type: "user.custom_tool_result", custom_tool_use_id: "t2", is_error: false }] as never);
    expect(tool.hasResult).toBe(false); // t2 was not in this history: unknown calls are not trusted
  });
});
