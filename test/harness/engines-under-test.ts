import { ManagedAgentsEngine } from "../../src/engines/managed-agents/managed-agents-engine.js";
import { ManagedAgentsJobEngine } from "../../src/engines/managed-agents/managed-agents-job-engine.js";
import type { JobSettings } from "../../src/jobs/shared/job-settings.js";
import { ManagedAgentsDouble } from "../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
  usage,
} from "../managed-agents-double/scripted-events.js";
import { CLAUDE_BIN } from "./claude-cli.js";
import { ScriptedMessagesApi } from "./scripted-messages-api.js";

/**
 * One engine under test, for suites that run a job's start and finish on every engine (a table of
 * engines): the real CLI 2.1.235 against the scripted Messages API, or the Managed Agents engine
 * against its double. Each makes the agent hand in `output` as its structured result.
 */
export interface EngineUnderTest {
  name: "cli" | "managed-agents";
  settingsFor(output: Record<string, unknown>, base: JobSettings): Promise<JobSettings>;
  /** The text of the last prompt the agent was given (the user message the job sent). */
  lastPrompt(): string;
  close(): Promise<void>;
}

export async function cliEngineUnderTest(): Promise<EngineUnderTest> {
  let output: Record<string, unknown> = {};
  const api = await ScriptedMessagesApi.start(() => ({ kind: "structured_output", value: output }));
  return {
    name: "cli",
    async settingsFor(next, base) {
      output = next;
      return {
        ...base,
        claudePath: CLAUDE_BIN,
        agentEnv: { ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      };
    },
    lastPrompt: () => JSON.stringify(api.mainRequests.at(-1)?.body ?? {}),
    close: () => api.close(),
  };
}

export async function managedAgentsEngineUnderTest(): Promise<EngineUnderTest> {
  const apiKey = "sk-ant-engine-table";
  const double = await ManagedAgentsDouble.start({ apiKey });
  let prompt = "";
  return {
    name: "managed-agents",
    async settingsFor(output, base) {
      double.scenario = (input) => {
        if (input.kind === "message") prompt = input.text;
        return input.kind === "message"
          ? [running(), ...modelRequest(), submit(output), requiresAction()]
          : input.kind === "custom_tool_result"
            ? [running(), message("Done."), usage(21, 9), idle("end_turn")]
            : undefined;
      };
      const service = new ManagedAgentsEngine({
        apiKey,
        baseURL: double.baseURL,
        repositoryToken: async () => "ghs_read",
        retry: { initialDelayMs: 5, maxDelayMs: 20 },
      });
      return { ...base, engine: new ManagedAgentsJobEngine(service) };
    },
    lastPrompt: () => prompt,
    close: () => double.close(),
  };
}

/** The table `describe.each` takes: every engine a job runs on. */
export const ENGINES: Array<[string, () => Promise<EngineUnderTest>]> = [
  ["cli", cliEngineUnderTest],
  ["managed-agents", managedAgentsEngineUnderTest],
];
