// Host 3: the peer host, @anthropic-ai/claude-agent-sdk query() on the same binary.
import { query } from "@anthropic-ai/claude-agent-sdk";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const startedAt = performance.now();
let detail = "no result";
let ok = false;
for await (const message of query({
  prompt: config.prompt,
  options: {
    cwd: config.workspace,
    pathToClaudeCodeExecutable: config.claudePath,
    includePartialMessages: true,
    env: hostEnv(config),
    canUseTool: async (_tool, input) => ({ behavior: "allow", updatedInput: input }),
  },
})) {
  if (message.type === "result") {
    ok = !message.is_error;
    detail = `${message.subtype} turns=${message.num_turns}`;
  }
}
report("sdk", startedAt, ok, detail);
