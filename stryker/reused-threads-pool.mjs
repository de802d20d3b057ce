// A vitest pool for the mutation scopes that keeps its worker threads across runs.
//
// Stryker's vitest runner starts vitest once per test-runner process and then calls `vitest.start`
// once per mutant. vitest 4's built-in threads pool ends its worker thread after every such call
// (isolated or not), so every mutant run started a thread and loaded vitest's worker runtime again:
// a run of a one-line test file costs 110 ms here, about 100 of them in that start. This pool is a
// custom pool (vitest 4's documented `pool: { name, createPoolWorker }`) whose threads run the
// vitest sessions one after another (stryker/reused-thread-worker.mjs): the thread and the runtime
// are loaded once per Stryker process, and each run is still a whole vitest session with vitest's
// isolation of our modules. A thread is reused only when its session ended with nothing left open
// (see the worker file); otherwise it is terminated and the next run starts a new one, as the
// built-in pool would have.
import { fileURLToPath } from "node:url";
import { MessageChannel, Worker } from "node:worker_threads";

/** The message the pool sends to open a session; `port` carries vitest's own protocol. */
export const OPEN_SESSION = "stryker-reused-thread:open";
/** The message a thread sends after a session's teardown: `clean` says whether to reuse it. */
export const SESSION_ENDED = "stryker-reused-thread:ended";
export const REUSED_THREADS_POOL_NAME = "stryker-reused-threads";
// vitest's RPC (birpc) marks a call "q" and its answer "s".
export const BIRPC_REQUEST = "q";
export const BIRPC_RESPONSE = "s";

const workerEntry = fileURLToPath(new URL("./reused-thread-worker.mjs", import.meta.url));

/** Idle threads by the environment and arguments they were started with (a thread keeps both). */
const idleThreads = new Map();
let sessionCount = 0;

function threadKey(env, execArgv) {
  return JSON.stringify([env, execArgv]);
}

class ReusedThreadWorker {
  name = REUSED_THREADS_POOL_NAME;

  constructor(options) {
    this.env = options.env;
    this.execArgv = options.execArgv;
    this.key = threadKey(options.env, options.execArgv);
    this.stdout = options.project.vitest.logger.outputStream;
    this.stderr = options.project.vitest.logger.errorStream;
    /** Listeners vitest's PoolRunner put on the thread; removed at stop so none outlive a session. */
    this.threadListeners = [];
    /** vitest's message listeners, by the wrapper that holds back calls made after "stop". */
    this.messageListeners = new Map();
    this.stopRequested = false;
  }

  async start() {
    const idle = idleThreads.get(this.key);
    this.thread = idle?.pop();
    if (!this.thread) {
      this.thread = new Worker(workerEntry, {
        env: this.env,
        execArgv: this.execArgv,
        stdout: true,
        stderr: true,
      });
    }
    this.thread.ref();
    this.session = ++sessionCount;
    this.ended = this.waitForSessionEnd(this.thread, this.session);
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.thread.postMessage({ type: OPEN_SESSION, session: this.session, port: port2 }, [port2]);
    this.thread.stdout.pipe(this.stdout, { end: false });
    this.thread.stderr.pipe(this.stderr, { end: false });
  }

  on(event, callback) {
    if (event === "message") {
      const onMessage = (message) => {
        if (this.stopRequested && message?.t === BIRPC_REQUEST) {
          this.answerLateCall(message);
          return;
        }
        callback(message);
      };
      this.messageListeners.set(callback, onMessage);
      this.port.on("message", onMessage);
      return;
    }
    this.threadListeners.push([event, callback]);
    this.thread.on(event, callback);
  }

  off(event, callback) {
    if (event === "message") {
      this.port.off("message", this.messageListeners.get(callback) ?? callback);
      this.messageListeners.delete(callback);
      return;
    }
    this.threadListeners = this.threadListeners.filter(([e, c]) => e !== event || c !== callback);
    this.thread.off(event, callback);
  }

  send(message) {
    if (message.type === "stop") this.stopRequested = true;
    this.port.postMessage(message);
  }

  /**
   * A call the thread makes after vitest asked it to stop: typically its throttled last task update,
   * or an error from a timer a mutant left. vitest's built-in pool terminates the thread at this
   * point, so such a call never reaches vitest's state; here the thread lives on, and its call would
   * reach the state of the run that vitest has started meanwhile (same file, same test ids) and could
   * overwrite that run's results. It is answered here instead, so the thread's caller does not wait
   * forever, and vitest never sees it.
   */
  answerLateCall(request, port = this.port) {
    if (request.i !== undefined) port.postMessage({ t: BIRPC_RESPONSE, i: request.i, r: undefined });
  }

  deserialize(data) {
    return data;
  }

  /**
   * Called after the session answered "stopped" (or when vitest force-stops a failed run). vitest
   * waits for this before its next run whenever the last one was cancelled (every killed mutant:
   * Stryker bails at the first failure), so the thread is judged after this returns, and goes back
   * to the idle threads or is terminated then.
   */
  async stop() {
    const thread = this.thread;
    const port = this.port;
    for (const [event, callback] of this.threadListeners) thread.off(event, callback);
    this.threadListeners = [];
    // vitest hears nothing more of this session, but the port stays open, answering the thread's
    // late calls, until the thread is judged: a call that found it closed would never be answered.
    for (const listener of this.messageListeners.values()) port.off("message", listener);
    this.messageListeners.clear();
    port.on("message", (message) => {
      if (message?.t === BIRPC_REQUEST) this.answerLateCall(message, port);
    });
    port.unref();
    thread.stdout.unpipe(this.stdout);
    thread.stderr.unpipe(this.stderr);
    thread.unref();
    const ended = this.ended;
    Promise.race([
      ended.promise,
      // A session whose teardown never reports (a force-stopped run, a mutant that blocks the
      // teardown) is not reused.
      new Promise((resolve) => setTimeout(resolve, 2_000, false).unref()),
    ]).then((clean) => {
      ended.dispose();
      port.close();
      if (!clean) {
        thread.terminate();
        return;
      }
      const idle = idleThreads.get(this.key) ?? [];
      idle.push(thread);
      idleThreads.set(this.key, idle);
    });
  }

  /**
   * Listens from the session's start, so the thread's report cannot arrive before anyone listens:
   * resolves true when the thread reports the session over with nothing left open, false when it
   * reports open handles or exits.
   */
  waitForSessionEnd(thread, session) {
    let dispose = () => {};
    const promise = new Promise((resolve) => {
      const onMessage = (message) => {
        if (message?.type === SESSION_ENDED && message.session === session) resolve(message.clean === true);
      };
      const onExit = () => resolve(false);
      thread.on("message", onMessage);
      thread.on("exit", onExit);
      dispose = () => {
        thread.off("message", onMessage);
        thread.off("exit", onExit);
      };
    });
    return { promise, dispose: () => dispose() };
  }
}

/** The pool to put in a vitest config's `test.pool`. */
export function reusedThreadsPool() {
  return {
    name: REUSED_THREADS_POOL_NAME,
    createPoolWorker: (options) => new ReusedThreadWorker(options),
  };
}
