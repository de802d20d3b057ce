// Model-based property test: random interleavings of requests, responses (right, wrong, stray,
// duplicate), cancels, progress, time and close. The channel must end in exactly the state a
// simple model predicts, never settle a request with another request's response, and never leak.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ControlChannel,
  ControlRequestCancelledError,
  ControlRequestError,
  ControlRequestTimeoutError,
  ControlTransportClosedError,
  parseStdoutFrame,
  type StdinFrame,
} from "../../src/protocol/index.js";

// Fewer runs under mutation testing (stryker/protocol.config.mjs sets PROPERTY_RUNS).
const PROPERTY_RUNS = Number(process.env.PROPERTY_RUNS ?? 300);

type Op =
  | {
      kind: "request";
      subtype: "get_settings" | "rewind_files";
      timeoutMs: number | null;
      withSignal: boolean;
    }
  | { kind: "respond"; target: number; verdict: "success" | "error" }
  | { kind: "respondStray"; id: string }
  | { kind: "cancel"; target: number; viaSignal: boolean }
  | { kind: "progress"; target: number }
  | { kind: "advance"; ms: number }
  | { kind: "close" };

const op: fc.Arbitrary<Op> = fc.oneof(
  // Weighted so that deadlines, progress and time passing meet often enough to matter.
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("request" as const),
      subtype: fc.constantFrom("get_settings" as const, "rewind_files" as const),
      timeoutMs: fc.option(fc.integer({ min: 100, max: 400 }), { freq: 5 }),
      withSignal: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant("respond" as const),
    target: fc.nat(),
    verdict: fc.constantFrom("success" as const, "error" as const),
  }),
  fc.record({ kind: fc.constant("respondStray" as const), id: fc.constantFrom("ghost", "req-999", "x") }),
  fc.record({ kind: fc.constant("cancel" as const), target: fc.nat(), viaSignal: fc.boolean() }),
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("progress" as const), target: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("advance" as const), ms: fc.integer({ min: 0, max: 300 }) }),
  },
  fc.constant({ kind: "close" as const }),
);

type ModelState = "pending" | "resolved" | "error" | "cancelled" | "timeout" | "closed";
interface Tracked {
  id: string;
  subtype: string;
  model: ModelState;
  deadline: number | null;
  timeoutMs: number | null;
  controller: AbortController | undefined;
  actual:
    | { state: "pending" }
    | { state: "resolved"; value: Record<string, unknown> }
    | { state: "rejected"; error: unknown };
}

const ticks = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

describe("ControlChannel under random interleavings", () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("settles each request exactly as the model says, only with its own response, and leaks nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 60 }), async (ops) => {
        const sent: StdinFrame[] = [];
        let counter = 0;
        const channel = new ControlChannel({
          send: (f) => sent.push(f),
          newRequestId: () => `req-${++counter}`,
        });
        const tracked: Tracked[] = [];
        let now = 0;
        let closed = false;
        const pick = (n: number): Tracked | undefined =>
          tracked.length ? tracked[n % tracked.length] : undefined;
        const expire = () => {
          for (const t of tracked) {
            if (t.model === "pending" && t.deadline !== null && t.deadline <= now) t.model = "timeout";
          }
        };

        for (const step of ops) {
          switch (step.kind) {
            case "request": {
              const controller = step.withSignal ? new AbortController() : undefined;
              const fields = step.subtype === "rewind_files" ? { user_message_id: `u-${counter + 1}` } : {};
              const options = {
                ...(controller ? { signal: controller.signal } : {}),
                ...(step.timeoutMs !== null ? { timeoutMs: step.timeoutMs } : {}),
              };
              const promise = channel.request(step.subtype, fields, options);
              const entry: Tracked = {
                id: closed ? "" : `req-${counter}`,
                subtype: step.subtype,
                model: closed ? "closed" : "pending",
                deadline: step.timeoutMs !== null ? now + step.timeoutMs : null,
                timeoutMs: step.timeoutMs,
                controller,
                actual: { state: "pending" },
              };
              promise.then(
                (value) => (entry.actual = { state: "resolved", value }),
                (error: unknown) => (entry.actual = { state: "rejected", error }),
              );
              tracked.push(entry);
              break;
            }
            case "respond": {
              const t = pick(step.target);
              if (!t || t.id === "") break;
              const response =
                step.verdict === "success"
                  ? {
                      subtype: "success",
                      request_id: t.id,
                      response: { for: t.id },
                    }
                  : { subtype: "error", request_id: t.id, error: `no ${t.id}` };
              channel.receive(parseStdoutFrame({ type: "control_response", response }));
              if (t.model === "pending") t.model = step.verdict === "success" ? "resolved" : "error";
              break;
            }
            case "respondStray":
              channel.receive(
                parseStdoutFrame({
                  type: "control_response",
                  response: { subtype: "success", request_id: step.id, response: { for: step.id } },
                }),
              );
              break;
            case "cancel": {
              const t = pick(step.target);
              if (!t || t.id === "") break;
              if (step.viaSignal && t.controller) t.controller.abort();
              else channel.cancel(t.id);
              if (t.model === "pending") t.model = "cancelled";
              break;
            }
            case "progress": {
              const t = pick(step.target);
              if (!t || t.id === "") break;
              channel.receive(
                parseStdoutFrame({ type: "system", subtype: "control_request_progress", request_id: t.id }),
              );
              if (t.model === "pending" && t.timeoutMs !== null) t.deadline = now + t.timeoutMs;
              break;
            }
            case "advance":
              now += step.ms;
              vi.advanceTimersByTime(step.ms);
              expire();
              break;
            case "close":
              channel.close("random close");
              closed = true;
              for (const t of tracked) if (t.model === "pending") t.model = "closed";
              break;
          }
          await ticks();
          expect(channel.pendingCount).toBe(tracked.filter((t) => t.model === "pending").length);
        }

        channel.close("end of test");
        for (const t of tracked) if (t.model === "pending") t.model = "closed";
        await ticks();
        expect(channel.pendingCount).toBe(0);

        for (const t of tracked) {
          const actual = t.actual;
          switch (t.model) {
            case "resolved":
              expect(actual.state).toBe("resolved");
              // Never settled with another request's response.
              if (actual.state === "resolved") expect(actual.value.for).toBe(t.id);
              break;
            case "error":
              expect(actual.state === "rejected" && actual.error instanceof ControlRequestError).toBe(true);
              break;
            case "timeout":
              expect(actual.state === "rejected" && actual.error instanceof ControlRequestTimeoutError).toBe(
                true,
              );
              break;
            case "cancelled":
              expect(
                actual.state === "rejected" &&
                  actual.error instanceof ControlRequestCancelledError &&
                  !(actual.error instanceof ControlRequestTimeoutError),
              ).toBe(true);
              break;
            case "closed":
              expect(actual.state === "rejected" && actual.error instanceof ControlTransportClosedError).toBe(
                true,
              );
              break;
            case "pending":
              throw new Error("nothing may stay pending after close");
          }
        }

        // Each cancelled or timed-out request produced exactly one control_cancel_request.
        const cancels = sent.filter((f) => f.type === "control_cancel_request").map((f) => f.request_id);
        const expectedCancels = tracked
          .filter((t) => t.model === "cancelled" || t.model === "timeout")
          .map((t) => t.id);
        expect([...cancels].sort()).toEqual([...expectedCancels].sort());
      }),
      { numRuns: PROPERTY_RUNS },
    );
  });
});
