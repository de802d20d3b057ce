import { describe, expect, it } from "vitest";
import { isModelProvider, MODEL_IDS, modelIdFor } from "../../src/runner/model-provider.js";
import { RunnerConfigError } from "../../src/runner/runner-config-error.js";

describe("modelIdFor", () => {
  it("maps Anthropic ids (dated or not) to Bedrock inference profiles and Vertex names", () => {
    expect(modelIdFor("bedrock", "claude-sonnet-4-5")).toBe("us.anthropic.claude-sonnet-4-5-20250929-v1:0");
    expect(modelIdFor("bedrock", "claude-sonnet-4-5-20250929")).toBe(
      "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    );
    expect(modelIdFor("vertex", "claude-opus-4-1")).toBe("claude-opus-4-1@20250805");
    expect(modelIdFor("vertex", "claude-haiku-4-5-20251001")).toBe("claude-haiku-4-5@20251001");
    for (const [name, ids] of Object.entries(MODEL_IDS)) {
      expect(modelIdFor("bedrock", name)).toBe(ids.bedrock);
      expect(modelIdFor("vertex", name)).toBe(ids.vertex);
      expect(modelIdFor("anthropic", name)).toBe(name);
    }
  });

  it("passes ids already in the provider's form, and the CLI's aliases", () => {
    for (const id of [
      "eu.anthropic.claude-sonnet-4-5-20250929-v1:0",
      "anthropic.claude-3-5-haiku-20241022-v1:0",
      "arn:aws:bedrock:us-east-1:123456789012:application-inference-profile/abc123",
    ]) {
      expect(modelIdFor("bedrock", id)).toBe(id);
    }
    expect(modelIdFor("vertex", "claude-sonnet-4-6@20260101")).toBe("claude-sonnet-4-6@20260101");
    expect(modelIdFor("foundry", "claude-sonnet-4-6")).toBe("claude-sonnet-4-6");
    for (const provider of ["anthropic", "bedrock", "vertex"] as const)
      expect(modelIdFor(provider, "sonnet")).toBe("sonnet");
  });

  it("refuses another provider's id form and unknown names, naming the option", () => {
    expect(() => modelIdFor("anthropic", "claude-sonnet-4-5@20250929")).toThrow(RunnerConfigError);
    expect(() => modelIdFor("foundry", "us.anthropic.claude-sonnet-4-5-20250929-v1:0")).toThrow(
      /provider foundry/,
    );
    expect(() => modelIdFor("bedrock", "claude-sonnet-4-5@20250929")).toThrow(
      /not a model id for provider bedrock/,
    );
    expect(() => modelIdFor("vertex", "us.anthropic.claude-sonnet-4-5-20250929-v1:0")).toThrow(
      /provider vertex/,
    );
    expect(() => modelIdFor("vertex", "claude-unknown-9", "fallbackModel")).toThrow(
      /^fallbackModel "claude-unknown-9"/,
    );
    expect(() => modelIdFor("anthropic", " ")).toThrow(RunnerConfigError);
  });

  it("knows exactly the five providers", () => {
    for (const name of ["anthropic", "anthropic-oauth", "bedrock", "vertex", "foundry"])
      expect(isModelProvider(name)).toBe(true);
    for (const name of ["openai", "Bedrock", ""]) expect(isModelProvider(name)).toBe(false);
  });
});
