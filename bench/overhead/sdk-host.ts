// Host 3: the peer host, @anthropic-ai/claude-agent-sdk query() on the same binary.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const host = process.argv[3] === "sdk_ask" ? "sdk_ask" : "sdk";
const startedAt = performance.now();
let detail = "no result";
let ok = false;
let permissionCalls = 0;
for await (const message of query({
  prompt: config.prompt,
  options: {
    cwd: config.workspace,
    pathToClaudeCodeExecutable: config.claudePath,
    includePartialMessages: true,
    env: hostEnv(config),
    canUseTool: async (_tool, input) => {
      permissionCalls++;
      return { behavior: "allow", updatedInput: input };
    },
    // Without an ask rule the CLI approves Read itself and canUseTool is never called.
    ...(host === "sdk_ask" ? { settings: { permissions: { ask: ["*"] } } } : {}),
  },
})) {
  if (message.type === "result") {
    ok = !message.is_error;
    detail = `${message.subtype} turns=${message.num_turns} canUseTool=${permissionCalls}`;
  }
}
report(host, startedAt, ok, detail);
