// The worker-thread side of stryker/reused-threads-pool.mjs: one thread that runs many vitest
// sessions, one after another, each over its own MessagePort. vitest's own threads entry
// (vitest/dist/workers/threads.js) serves one session and then removes its listeners, so every
// mutant run paid for a new thread and for loading vitest's runtime again. Each session here is
// still a whole vitest session (`init` from vitest/worker, with the same run and environment setup
// as the built-in threads pool), and vitest's `isolate` evaluates every module of ours afresh for
// each test file, so the code under test and the tests start anew in every run, as before.
//
// What else a thread could carry from one run into the next is put back after every session, and a
// thread that cannot be put back is ended instead of reused (the pool then starts a new one):
// - globals a session added (Stryker's own namespace among them: a mutant switched on in the last
//   run would otherwise be on while the next run imports its modules), except vitest's runtime's;
// - globals a session replaced, except the console vitest installs in every run;
// - process.env;
// - handles still open (a timer, a server, a socket a mutant left behind), from
//   process.getActiveResourcesInfo(), the per-thread list of what keeps its event loop alive.
import { parentPort } from "node:worker_threads";
import { init, runBaseTests, setupEnvironment } from "vitest/worker";
import { BIRPC_REQUEST, BIRPC_RESPONSE, OPEN_SESSION, SESSION_ENDED } from "./reused-threads-pool.mjs";

if (!parentPort) throw new Error("stryker/reused-thread-worker.mjs must run in a worker thread");

const startingEnvironment = { ...process.env };
const startingGlobals = Object.getOwnPropertyDescriptors(globalThis);
/** What an idle thread's event loop holds: its ports, and nothing else. */
const idleResources = new Set(["MessagePort"]);

/** vitest's runtime defines these once per thread and relies on them in every later session. */
function isVitestRuntimeGlobal(key) {
  return typeof key === "symbol"
    ? String(key.description).startsWith("vitest:")
    : key.startsWith("__vitest_");
}

function sameDescriptor(a, b) {
  return Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}

/**
 * Globals that cannot be deleted once defined, with the value each had when first seen: Node's own
 * fetch defines its global dispatcher (Symbol(undici.globalDispatcher.N)) non-configurable on first use.
 */
const permanentGlobals = new Map();

/** Puts globalThis and process.env back as the thread started; false when a global will not go back. */
function restoreGlobals() {
  let restored = true;
  for (const key of Reflect.ownKeys(globalThis)) {
    if (key in startingGlobals || isVitestRuntimeGlobal(key)) continue;
    if (Reflect.deleteProperty(globalThis, key)) continue;
    if (!permanentGlobals.has(key)) {
      permanentGlobals.set(key, globalThis[key]);
      continue;
    }
    const first = permanentGlobals.get(key);
    if (!Object.is(globalThis[key], first) && !Reflect.set(globalThis, key, first)) restored = false;
  }
  for (const key of Reflect.ownKeys(startingGlobals)) {
    if (key === "console") continue;
    const now = Object.getOwnPropertyDescriptor(globalThis, key);
    if (now && sameDescriptor(now, startingGlobals[key])) continue;
    try {
      Object.defineProperty(globalThis, key, startingGlobals[key]);
    } catch {
      restored = false;
    }
  }
  for (const name of Object.keys(process.env)) {
    if (!(name in startingEnvironment)) delete process.env[name];
  }
  Object.assign(process.env, startingEnvironment);
  return restored;
}

function openResources() {
  return process.getActiveResourcesInfo().filter((resource) => !idleResources.has(resource));
}

// Timers a session leaves behind get this long to fire before the thread is judged: vitest's own
// task updates are throttled to 100 ms, and the last one is often still pending when a session ends.
const SETTLE_MS = 250;

async function settle(unanswered) {
  const started = performance.now();
  while ((openResources().length > 0 || unanswered.size > 0) && performance.now() - started < SETTLE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5).unref());
  }
}

/**
 * Whatever runs after the session has ended (that throttled update, a timer a mutant left) reaches
 * vitest through the worker state's `rpc`, whose channel is closed now: such a call would wait
 * forever and hang the thread's next session. vitest's own pool has ended the thread by then, so
 * nothing of it would have reached vitest either: it is answered here, and dropped.
 */
const endedSessionRpc = new Proxy(
  {},
  {
    get: (_, method) =>
      method === "then" ? undefined : method === "$rejectPendingCalls" ? () => [] : async () => {},
  },
);

/**
 * A call the session made just before its teardown may still be on its way, or its answer (the pool
 * answers late calls itself) may be: so the session's port keeps its listeners until the thread
 * settles. vitest keeps every call a thread makes in one set per thread, and each later run waits for
 * that set to empty before it ends (`rpcDone`), with no timeout: a call left unanswered here hung
 * every later run of the thread (measured: late throws at 0–30 ms hung within a few runs). A thread
 * with one is ended instead of reused.
 */
async function endSession(session, port, unanswered) {
  const state = globalThis.__vitest_worker__;
  if (state) state.rpc = endedSessionRpc;
  restoreGlobals();
  await settle(unanswered);
  port.removeAllListeners("message");
  port.close();
  // Once more: a timer that fired while the thread settled may have changed them again.
  const restored = restoreGlobals();
  const open = openResources();
  const clean = restored && open.length === 0 && unanswered.size === 0;
  parentPort.postMessage({ type: SESSION_ENDED, session, clean, open, unanswered: unanswered.size });
}

parentPort.on("message", (message) => {
  if (message?.type !== OPEN_SESSION) return;
  /** @type {import("node:worker_threads").MessagePort} */
  const port = message.port;
  /** The ids of the session's calls (birpc requests) that no answer has reached yet. */
  const unanswered = new Set();
  port.on("message", (answer) => {
    if (answer?.t === BIRPC_RESPONSE) unanswered.delete(answer.i);
  });
  init({
    post: (request) => {
      if (request?.t === BIRPC_REQUEST && request.i !== undefined) unanswered.add(request.i);
      port.postMessage(request);
    },
    on: (callback) => port.on("message", callback),
    off: (callback) => port.off("message", callback),
    // vitest calls this after it has answered "stopped": the session is over, and anything still
    // open or changed is left over from it.
    teardown: () => endSession(message.session, port, unanswered),
    runTests: (state, traces) => runBaseTests("run", state, traces),
    collectTests: (state, traces) => runBaseTests("collect", state, traces),
    setup: setupEnvironment,
  });
});
