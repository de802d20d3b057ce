// Isolation benchmark: the overhead bench's 20-turn scripted session (19 tool calls, then text),
// run by our runner side by side, alternating, with and without the agent's isolation: its own uid
// (files handed over and back) plus the CLI's Bash sandbox (bubblewrap, no network). Two scenarios:
// the overhead bench's Read calls, and the same calls made through Bash (`cat`), where every command
// starts a sandbox. Needs root (or passwordless sudo) and bubblewrap + socat.
// Variants: plain (host uid), uid (own user only), isolated (own user + Bash sandbox).
// Run: node --import tsx bench/isolation/run.ts [runs=5] [scenarios=read,bash]
import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { CLAUDE_BIN } from "../../test/harness/claude-cli.js";
import {
  createReadWorkspace,
  median,
  OUT_DIR,
  PROMPT,
  readCall,
  startReadSessionApi,
  type ToolCallOfTurn,
  TURNS,
} from "../shared/read-session.js";

const runs = Math.max(5, Number(process.argv[2] ?? 5));
const ALL_SCENARIOS = ["read", "bash"] as const;
type Scenario = (typeof ALL_SCENARIOS)[number];
const SCENARIOS = (process.argv[3] ?? "read,bash")
  .split(",")
  .filter((name): name is Scenario => (ALL_SCENARIOS as readonly string[]).includes(name));
const VARIANTS = ["plain", "uid", "isolated"] as const;
type Variant = (typeof VARIANTS)[number];

const decision = await decideIsolation({ agentUser: "claude-agent", untrusted: true, onNoIsolation: "fail" });
if (decision.kind !== "separate-user") throw new Error(decision.summary);

let scenario: Scenario = "read";
const bashCall: ToolCallOfTurn = (file) => ({
  kind: "tool_use",
  name: "Bash",
  input: { command: `cat ${file}`, description: "read" },
  text: ".",
});
const api = await startReadSessionApi(() => (scenario === "read" ? readCall : bashCall));
const workspace = await createReadWorkspace("isolation");
const policy = new ToolPolicy(
  {
    name: "bench",
    rules: [
      { id: "read", effect: "allow", tools: ["Read"], paths: ["**"] },
      { id: "cat", effect: "allow", tools: ["Bash"], commandPrefixes: ["cat"] },
    ],
  },
  { workspace },
);

const wall: Record<Scenario, Record<Variant, number[]>> = {
  read: { plain: [], uid: [], isolated: [] },
  bash: { plain: [], uid: [], isolated: [] },
};
let confinement = "";
try {
  for (let run = 0; run < runs; run++) {
    for (const current of SCENARIOS) {
      scenario = current;
      // Rotate which variant goes first, so drift in machine load favours none.
      const order = VARIANTS.map((_, i) => VARIANTS[(i + run) % VARIANTS.length] as Variant);
      for (const variant of order) {
        const before = api.mainRequests.length;
        const startedAt = performance.now();
        const outcome = await runSession({
          prompt: PROMPT,
          cwd: workspace,
          claudePath: CLAUDE_BIN,
          policy,
          includePartialMessages: true,
          sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "bench-key" },
          ...(variant !== "plain" ? { agentUser: decision.user } : {}),
          ...(variant === "isolated" ? { bashSandbox: { allowedDomains: [], required: true } } : {}),
        }).outcome;
        const ms = performance.now() - startedAt;
        const turns = api.mainRequests.length - before;
        if (outcome.exitCode !== 0 || turns !== TURNS) {
          throw new Error(`${current}/${variant} run ${run + 1}: ${outcome.subtype}, ${turns} model calls`);
        }
        // A command that failed fast would look like a cheap sandbox: every tool call must have read its file.
        const failed = failedToolResults(api.mainRequests.at(-1)?.body);
        if (failed.length > 0) {
          throw new Error(
            `${current}/${variant} run ${run + 1}: ${failed.length} tool call(s) did not read their file, e.g. ${JSON.stringify(failed[0]).slice(0, 300)}`,
          );
        }
        if (variant === "isolated") confinement = outcome.confinement ?? "";
        wall[current][variant].push(ms);
        console.error(`run ${run + 1}/${runs} ${current} ${variant.padEnd(8)} wall ${ms.toFixed(0)} ms`);
      }
    }
  }
} finally {
  await api.close();
}

/** The tool results in the session's last request that are errors or lack the file's text. */
function failedToolResults(body: unknown): unknown[] {
  const messages = (body as { messages?: Array<{ content?: unknown }> } | undefined)?.messages ?? [];
  const results = messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Array<{ type?: string; is_error?: boolean; content?: unknown }>).filter(
          (block) => block.type === "tool_result",
        )
      : [],
  );
  // The CLI answers a Read of a file it has read unchanged from its own memory, without reading it again.
  const answered = (text: string) =>
    text.includes("export const n") || text.includes("file unchanged since your last Read");
  const failed = results.filter((r) => r.is_error === true || !answered(JSON.stringify(r.content)));
  return results.length === TURNS - 1
    ? failed
    : [`${results.length} tool results, not ${TURNS - 1}`, ...failed];
}

// --- the floor: one command started plainly, and the same command in a bubblewrap namespace of the
// kind the CLI's sandbox starts for each Bash call (new session, no network, own pid namespace) ---
const run = promisify(execFile);
// A world-readable file: the agent user cannot read the bench workspace from outside a session.
const command = ["/bin/bash", "-c", "cat /etc/os-release"];
const BWRAP = ["--new-session", "--die-with-parent", "--unshare-net", "--unshare-pid"];
const MOUNTS = ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc"];
// The CLI runs each sandboxed command through its own binary as a seccomp helper (ARGV0=apply-seccomp),
// inside a user namespace, as the agent's user: the second floor adds exactly that.
const HELPER = ["--unshare-user", "--cap-drop", "ALL"];
const asAgent = decision.user.via === "root" ? { uid: decision.user.uid, gid: decision.user.gid } : {};
// The third floor is the CLI's whole wrapper for one sandboxed command where the network is restricted
// (read from its bwrap command lines): inside the namespaces, a shell starts two socat listeners that
// bridge ports 3128 and 1080 to the host's proxy sockets, sets a trap that kills them, then runs the
// command through the seccomp helper. Nothing connects, so the sockets need not exist.
const CLI_WRAPPER = [
  "/bin/bash",
  "-c",
  [
    "socat TCP-LISTEN:3128,fork,reuseaddr UNIX-CONNECT:/nonexistent-http.sock >/dev/null 2>&1 &",
    "socat TCP-LISTEN:1080,fork,reuseaddr UNIX-CONNECT:/nonexistent-socks.sock >/dev/null 2>&1 &",
    'trap "kill %1 %2 2>/dev/null; exit" EXIT',
    `ARGV0=apply-seccomp ${CLAUDE_BIN} ${command.map((word) => `'${word}'`).join(" ")}`,
  ].join("\n"),
];
const KINDS = ["spawn", "bwrap", "bwrapHelper", "cliWrapper"] as const;
const floorSamples: Record<(typeof KINDS)[number], number[]> = {
  spawn: [],
  bwrap: [],
  bwrapHelper: [],
  cliWrapper: [],
};
try {
  for (let i = 0; i < runs * (TURNS - 1); i++) {
    for (const kind of KINDS.map((_, k) => KINDS[(k + i) % KINDS.length] as (typeof KINDS)[number])) {
      // The CLI's helper now and then fails to make its user namespace (retryHelperRace in
      // src/runner/isolation/bash-sandbox.ts): such a start is tried again, and only a start that ran
      // the command is timed.
      for (let attempt = 1; ; attempt++) {
        const startedAt = performance.now();
        try {
          if (kind === "spawn") await run(command[0] as string, command.slice(1), asAgent);
          else if (kind === "bwrap") await run("bwrap", [...BWRAP, ...MOUNTS, "--", ...command], asAgent);
          else if (kind === "bwrapHelper")
            await run(
              "bwrap",
              [...BWRAP, ...HELPER, ...MOUNTS, "--", "env", "ARGV0=apply-seccomp", CLAUDE_BIN, ...command],
              asAgent,
            );
          else await run("bwrap", [...BWRAP, ...HELPER, ...MOUNTS, "--", ...CLI_WRAPPER], asAgent);
        } catch (error) {
          if (
            attempt < 3 &&
            /unshare\(CLONE_NEWUSER\): Invalid argument/.test(String((error as { stderr?: string }).stderr))
          )
            continue;
          throw error;
        }
        floorSamples[kind].push(performance.now() - startedAt);
        break;
      }
    }
  }
} finally {
  await rm(workspace, { recursive: true, force: true });
}
// --- the fixed cost's floor: the network bridges the CLI starts before its first model request ---
// On Linux, Claude Code 2.1.235 starts two socat bridges (to its HTTP and SOCKS proxies) whenever
// sandbox.enabled is set, and waits for their sockets by checking right after spawning them, then
// again after sleeps of 0, 100, 200, 300 ms. socat binds in a few ms, so the check after the 0 ms
// sleep comes too soon and the session waits about 100 ms. Both are measured here: socat's own time
// to bind (checked every millisecond), and the same bridges under the CLI's schedule.
async function bridgesReadyMs(schedule: "every-ms" | "cli"): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), "bridge-floor-"));
  const sockets = [path.join(dir, "http.sock"), path.join(dir, "socks.sock")];
  const startedAt = performance.now();
  const bridges = sockets.map((socket) =>
    spawn("socat", [`UNIX-LISTEN:${socket},fork,reuseaddr`, "TCP:localhost:9,keepalive"], {
      stdio: "ignore",
    }),
  );
  try {
    for (let attempt = 0; attempt < 1_000; attempt++) {
      if (sockets.every((socket) => existsSync(socket))) return performance.now() - startedAt;
      await sleep(schedule === "cli" ? attempt * 100 : 1);
    }
    throw new Error("socat did not create its sockets within a second");
  } finally {
    for (const bridge of bridges) bridge.kill();
    await rm(dir, { recursive: true, force: true });
  }
}
const bridgeSamples = { everyMs: [] as number[], cli: [] as number[] };
for (let i = 0; i < runs * 3; i++) {
  bridgeSamples.everyMs.push(await bridgesReadyMs("every-ms"));
  bridgeSamples.cli.push(await bridgesReadyMs("cli"));
}

const bwrapPerCommandMs = median(floorSamples.bwrap) - median(floorSamples.spawn);
const bwrapHelperPerCommandMs = median(floorSamples.bwrapHelper) - median(floorSamples.spawn);
const cliWrapperPerCommandMs = median(floorSamples.cliWrapper) - median(floorSamples.spawn);

const output = {
  scenario: `${TURNS} scripted model turns (${TURNS - 1} tool calls, then text), real claude ${CLAUDE_BIN}`,
  isolated: confinement,
  runsPerVariant: runs,
  measuredAt: new Date().toISOString(),
  results: Object.fromEntries(
    SCENARIOS.map((s) => {
      const plain = median(wall[s].plain);
      const uid = median(wall[s].uid);
      const isolated = median(wall[s].isolated);
      return [
        s,
        {
          medianWallMsPlain: plain,
          medianWallMsUid: uid,
          medianWallMsIsolated: isolated,
          wallRatioUid: uid / plain,
          wallRatioIsolated: isolated / plain,
        },
      ];
    }),
  ),
  costs: costs(),
};

/**
 * The fixed cost per session comes from the read scenario (its tool calls start no process); the
 * cost per command is what the bash scenario adds beyond it, over its 19 commands.
 */
function costs() {
  if (!SCENARIOS.includes("read") || !SCENARIOS.includes("bash")) return undefined;
  const at = (s: Scenario, v: Variant) => median(wall[s][v]);
  const commands = TURNS - 1;
  const uidFixed = at("read", "uid") - at("read", "plain");
  const sandboxFixed = at("read", "isolated") - at("read", "uid");
  const sandboxPerCommand = (at("bash", "isolated") - at("bash", "uid") - sandboxFixed) / commands;
  return {
    fixedPerSessionMs: { ownUser: uidFixed, bashSandbox: sandboxFixed },
    fixedFloor: {
      what: "two socat bridges as the CLI starts them (UNIX-LISTEN …,fork,reuseaddr to TCP localhost): until both sockets exist, checked every ms (socat's own start), and checked on the CLI's schedule (at once, then after 0, 100, 200 ms)",
      medianSocatBindMs: median(bridgeSamples.everyMs),
      medianCliScheduleMs: median(bridgeSamples.cli),
      sandboxFixedVsCliSchedule: sandboxFixed / median(bridgeSamples.cli),
    },
    perCommandMs: {
      ownUser: (at("bash", "uid") - at("bash", "plain") - uidFixed) / commands,
      bashSandbox: sandboxPerCommand,
    },
    floor: {
      what: `as the agent's user: bwrap ${BWRAP.join(" ")} ${MOUNTS.join(" ")} -- ${command.join(" ")}; then with ${HELPER.join(" ")} and the CLI's seccomp helper (env ARGV0=apply-seccomp claude); then the CLI's whole wrapper for a command under a restricted network (two socat listeners, a trap, the helper); each against the command spawned plainly`,
      medianSpawnMs: median(floorSamples.spawn),
      medianBwrapMs: median(floorSamples.bwrap),
      medianBwrapWithHelperMs: median(floorSamples.bwrapHelper),
      medianCliWrapperMs: median(floorSamples.cliWrapper),
      bwrapPerCommandMs,
      bwrapWithHelperPerCommandMs: bwrapHelperPerCommandMs,
      sandboxPerCommandVsBwrap: sandboxPerCommand / bwrapPerCommandMs,
      sandboxPerCommandVsBwrapWithHelper: sandboxPerCommand / bwrapHelperPerCommandMs,
      cliWrapperPerCommandMs,
      sandboxPerCommandVsCliWrapper: sandboxPerCommand / cliWrapperPerCommandMs,
    },
  };
}
await mkdir(OUT_DIR, { recursive: true });
await writeFile(path.join(OUT_DIR, "isolation.json"), `${JSON.stringify(output, null, 2)}\n`);
console.log(JSON.stringify(output, null, 2));
