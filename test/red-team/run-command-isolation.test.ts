import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { ScriptedMessagesApi, toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

// `claude-pr-runner run` under a wide policy file: Bash may grep anywhere. Before, the agent ran
// under the host's uid and `grep … /proc/*/environ` found the host's token. Now `run` isolates like
// `review` when the host is root (or has passwordless sudo), and says which it did.
vi.setConfig({ testTimeout: 120_000 });

const ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
const CANARY = `ghs_${"Q".repeat(8)}runcanary${process.pid}`;

async function runWithWidePolicy(agentUser: string): Promise<{ stderr: string; toolResult: string }> {
  const dir = await makeTempDir("run-isolation");
  await writeFile(
    path.join(dir, "wide.yaml"),
    [
      "name: wide",
      "rules:",
      "  - id: grep-anywhere",
      "    effect: allow",
      "    tools: [Bash]",
      "    commandPrefixes: [grep]",
      "    confineArguments: false",
      "",
    ].join("\n"),
  );
  let hostPid = 0;
  // The host's own environment, by its pid: what an agent sharing its uid reads through /proc.
  const api = await ScriptedMessagesApi.start((_request, index) =>
    index === 0
      ? {
          kind: "tool_use",
          name: "Bash",
          input: { command: `grep -a -o ghs_QQQQQQQQruncanary /proc/${hostPid}/environ` },
        }
      : { kind: "text", text: "done" },
  );
  try {
    const { stderr } = await new Promise<{ stderr: string }>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        [
          "--import",
          import.meta.resolve("tsx"),
          path.join(ROOT, "src/cli/main.ts"),
          "run",
          "--prompt",
          "Look around.",
          "--cwd",
          dir,
          "--policy",
          "wide.yaml",
          "--claude-path",
          CLAUDE_BIN,
          "--agent-user",
          agentUser,
          "--timeout",
          "60",
        ],
        {
          cwd: dir,
          env: {
            PATH: process.env.PATH,
            ANTHROPIC_BASE_URL: api.url,
            ANTHROPIC_API_KEY: "k",
            GITHUB_TOKEN: CANARY,
          },
        },
        (error, _stdout, stderr) => (error && error.code !== 1 ? reject(error) : resolve({ stderr })),
      );
      hostPid = child.pid ?? 0;
    });
    const [result] = toolResultsOf(api.mainRequests[1]!);
    return { stderr, toolResult: JSON.stringify(result?.content ?? "") };
  } finally {
    await api.close();
  }
}

describe.runIf(process.getuid?.() === 0)(
  "claude-pr-runner run: the agent under its own uid (as root)",
  () => {
    it("cannot read the host's environment through /proc, and the run says it isolated the agent", async () => {
      const { stderr, toolResult } = await runWithWidePolicy("claude-agent");
      expect(stderr).toMatch(/\[runner\] Agent isolation: the CLI runs as user claude-agent \(uid \d+\)/);
      // The policy allowed the command: the kernel kept the host's process from it (in the agent's
      // own PID namespace, with a /proc of its own, the process is not even listed).
      expect(toolResult).not.toContain("Denied by tool policy");
      expect(toolResult).toMatch(/Permission denied|No such file or directory/);
      expect(toolResult).not.toContain("runcanary");
    });

    it("with --agent-user none it runs as the host's user, says so, and the same grep finds the token (the test can fail)", async () => {
      const { stderr, toolResult } = await runWithWidePolicy("none");
      expect(stderr).toContain("[runner] Agent isolation: none (no agent user is configured)");
      expect(toolResult).toContain("ghs_QQQQQQQQruncanary");
    });
  },
);
