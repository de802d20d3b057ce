import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { ACTION_INPUTS, ActionInputError, parseActionInputs } from "../../src/action/action-inputs.js";

const from = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("parseActionInputs", () => {
  it("applies the documented defaults", () => {
    const inputs = parseActionInputs(from({}));
    expect(inputs).toMatchObject({
      mode: "auto",
      maxTurns: 30,
      maxBudgetUsd: 5,
      timeoutMinutes: 20,
      sessionStore: { kind: "artifact" },
      claudeVersion: "2.1.235",
      failOnError: true,
      commentMode: "review",
      inlineCommentLimit: 30,
      autofixLabel: "autofix",
      testCommands: [],
      maxNewIssues: 10,
      sessionContextBound: { maxDepth: 12, maxContextTokens: 60_000 },
      agentUser: "claude-agent",
      onNoIsolation: "no-bash",
    });
  });

  it("bot_login: the workflow token's account by default, an App's bot when given; it is also a self login", () => {
    expect(parseActionInputs(from({})).botLogin).toBe("github-actions[bot]");
    const app = parseActionInputs(from({ bot_login: "my-app[bot]" }));
    expect(app.botLogin).toBe("my-app[bot]");
    expect(app.triggers.selfLogins).toEqual(["my-app[bot]"]);
  });

  it("trigger inputs: documented defaults, lists, `none`, and clear errors for a bad prefix or mention", () => {
    expect(parseActionInputs(from({})).triggers).toEqual({
      commandPrefix: "/claude",
      mention: "@claude",
      reviewLabel: "claude-review",
      autofixLabel: "autofix",
      reviewDrafts: false,
      skipAuthors: ["dependabot[bot]", "renovate[bot]"],
      selfLogins: ["github-actions[bot]"],
    });
    const custom = parseActionInputs(
      from({
        command_prefix: "/bot",
        mention: "@helper",
        review_label: "none",
        autofix_label: "fix-me",
        review_drafts: "true",
        skip_authors: "a[bot],\n b ",
      }),
    ).triggers;
    expect(custom).toMatchObject({
      commandPrefix: "/bot",
      mention: "@helper",
      reviewLabel: "",
      autofixLabel: "fix-me",
      reviewDrafts: true,
      skipAuthors: ["a[bot]", "b"],
    });
    expect(parseActionInputs(from({ skip_authors: "none" })).triggers.skipAuthors).toEqual([]);
    expect(() => parseActionInputs(from({ command_prefix: "claude", mention: "claude bot" }))).toThrow(
      /command_prefix must be a slash and a word[\s\S]*mention must be an @ and a handle/,
    );
  });

  it("agent_user none turns the separate user off; on_no_isolation takes fail and rejects anything else", () => {
    const inputs = parseActionInputs(from({ agent_user: "none", on_no_isolation: "fail" }));
    expect(inputs.agentUser).toBeUndefined();
    expect(inputs.onNoIsolation).toBe("fail");
    expect(parseActionInputs(from({ agent_user: "ci-agent" })).agentUser).toBe("ci-agent");
    expect(parseActionInputs(from({})).autofixAllowedDomains).toEqual([]);
    // A fix's commit starts no workflow unless the workflow says so.
    expect(parseActionInputs(from({})).autofixRunWorkflows).toBe(false);
    expect(parseActionInputs(from({ autofix_run_workflows: "true" })).autofixRunWorkflows).toBe(true);
    expect(
      parseActionInputs(from({ autofix_allowed_domains: "registry.npmjs.org\n\n pypi.org " }))
        .autofixAllowedDomains,
    ).toEqual(["registry.npmjs.org", "pypi.org"]);
    expect(() => parseActionInputs(from({ on_no_isolation: "ignore" }))).toThrow(
      /on_no_isolation must be one of no-bash, fail; got "ignore"/,
    );
  });

  it("takes a provider and an OAuth token; no provider by default; an unknown provider is a clear error", () => {
    expect(parseActionInputs(from({})).provider).toBeUndefined();
    const inputs = parseActionInputs(
      from({ provider: "bedrock", claude_code_oauth_token: "sk-ant-oat01-x" }),
    );
    expect(inputs.provider).toBe("bedrock");
    expect(inputs.claudeCodeOauthToken).toBe("sk-ant-oat01-x");
    for (const provider of ["anthropic", "anthropic-oauth", "vertex", "foundry"]) {
      expect(parseActionInputs(from({ provider })).provider).toBe(provider);
    }
    expect(() => parseActionInputs(from({ provider: "openai" }))).toThrow(
      /provider must be one of anthropic, anthropic-oauth, bedrock, vertex, foundry; got "openai"/,
    );
  });

  it("reads the session context bound, and refuses a negative one", () => {
    const inputs = parseActionInputs(
      from({ session_max_generations: "3", session_max_context_tokens: "9000" }),
    );
    expect(inputs.sessionContextBound).toEqual({ maxDepth: 3, maxContextTokens: 9000 });
    expect(() => parseActionInputs(from({ session_max_generations: "-1" }))).toThrow(
      'session_max_generations must be a whole number ≥ 0; got "-1"',
    );
  });

  it("chooses the engine: cli by default, managed-agents on request, anything else rejected", () => {
    expect(parseActionInputs(from({})).engine).toBe("cli");
    const remote = parseActionInputs(from({ engine: "managed-agents", repository_read_token: " ghs_ro " }));
    expect(remote).toMatchObject({ engine: "managed-agents", repositoryReadToken: "ghs_ro" });
    expect(() => parseActionInputs(from({ engine: "cloud" }))).toThrow(
      'engine must be one of cli, managed-agents; got "cloud"',
    );
  });

  it("parses s3 stores, booleans and multi-line test commands", () => {
    const inputs = parseActionInputs(
      from({
        session_store: "s3://my-bucket/claude/sessions/",
        fail_on_error: "false",
        test_commands: "npm test\n\n npm run lint \n",
      }),
    );
    expect(inputs.sessionStore).toEqual({ kind: "s3", bucket: "my-bucket", prefix: "claude/sessions" });
    expect(inputs.failOnError).toBe(false);
    expect(inputs.testCommands).toEqual(["npm test", "npm run lint"]);
  });

  it("reports every bad input at once, by name", () => {
    const error = (() => {
      try {
        parseActionInputs(
          from({
            mode: "approve",
            max_turns: "1.5",
            fail_on_error: "yes",
            session_store: "gs://x",
            claude_version: "latest",
          }),
        );
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ActionInputError);
    expect((error as ActionInputError).problems).toEqual([
      'claude_version must be an exact version such as 2.1.235; got "latest"',
      'mode must be one of auto, review, autofix, describe, audit; got "approve"',
      'max_turns must be a whole number ≥ 1; got "1.5"',
      'session_store must be artifact, none, s3://bucket/prefix or file:///absolute/path; got "gs://x"',
      'fail_on_error must be true or false; got "yes"',
    ]);
  });

  it("refuses a bad value of each kind by the input's name, with what it must be and what it got", () => {
    const refusal = (values: Record<string, string>) => {
      try {
        parseActionInputs(from(values));
      } catch (error) {
        return (error as ActionInputError).problems;
      }
      throw new Error("expected a refusal");
    };
    expect(refusal({ max_budget_usd: "0" })).toEqual(['max_budget_usd must be a number ≥ 0.01; got "0"']);
    expect(refusal({ timeout_minutes: "soon" })).toEqual([
      'timeout_minutes must be a number ≥ 1; got "soon"',
    ]);
    expect(refusal({ fail_on: "notice" })).toEqual([
      'fail_on must be one of error, warning, never; got "notice"',
    ]);
    expect(refusal({ comment_mode: "loud" })).toEqual([
      'comment_mode must be one of review, summary, none; got "loud"',
    ]);
    expect(refusal({ review_drafts: "yes" })).toEqual(['review_drafts must be true or false; got "yes"']);
    expect(refusal({ inline_comment_limit: "-3" })).toEqual([
      'inline_comment_limit must be a whole number ≥ 0; got "-3"',
    ]);
    // fail_on is read in any case, as the CLI's --fail-on and Lambda's FAIL_ON are.
    expect(parseActionInputs(from({ fail_on: "Warning" })).failOn).toBe("warning");
  });

  it("describes exactly the inputs of action.yml", () => {
    const action = parse(readFileSync("action.yml", "utf8")) as { inputs: Record<string, unknown> };
    expect(Object.keys(ACTION_INPUTS).sort()).toEqual(Object.keys(action.inputs).sort());
  });
});
