import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A scripted Managed Agents service on 127.0.0.1: agents, environments, sessions, the event list
 * (cursor-paginated), event send, the SSE stream (named events, optional previews) and signed
 * Standard Webhooks deliveries. Tests point the real `@anthropic-ai/sdk` client at it, so every
 * response here is parsed by the SDK exactly as a real one would be.
 */

/** An event the scenario emits; the double assigns `id` and `processed_at`. */
export type ScriptedEvent = { type: string } & Record<string, unknown>;

/** What the host sent that woke the agent. */
export type UserInput =
  | { kind: "message"; text: string }
  | { kind: "custom_tool_result"; toolUseId: string; isError: boolean; text: string }
  | { kind: "interrupt" }
  | { kind: "tool_confirmation"; toolUseId: string; result: string };

export interface TurnPlan {
  events: ScriptedEvent[];
  /** Destroy every open stream after this many events of the turn: the rest reach the list only. */
  dropStreamAfter?: number;
  /** Send each event of the turn twice on the stream (the list still has it once). */
  duplicateOnStream?: boolean;
}

export type Scenario = (input: UserInput, session: DoubleSession) => TurnPlan | ScriptedEvent[] | undefined;

export interface StoredEvent extends Record<string, unknown> {
  id: string;
  type: string;
  processed_at: string | null;
}

export interface DoubleSession {
  id: string;
  createParams: Record<string, unknown>;
  events: StoredEvent[];
  status: "idle" | "running" | "rescheduling" | "terminated";
  archived: boolean;
  deleted: boolean;
  /** Custom tool calls the agent made that were not answered yet. */
  pendingCustomToolUses: Set<string>;
  /** Custom tool results the host sent, in order (duplicates included, so tests can count them). */
  customToolResults: Array<{ customToolUseId: string; isError: boolean; text: string }>;
  streams: Set<ServerResponse>;
  turns: number;
}

export interface WebhookTarget {
  url: string;
  /** `whsec_` + base64 key, as Anthropic shows it in the console. */
  secret: string;
  /** Sign with another key (a forged delivery). */
  signWith?: string;
}

export interface WebhookDelivery {
  body: string;
  status: number;
}

export const DOUBLE_API_KEY = "sk-ant-ma-double-0123456789";

export class ManagedAgentsDouble {
  readonly agents = new Map<string, Record<string, unknown> & { id: string; version: number }>();
  readonly environments = new Map<string, Record<string, unknown> & { id: string }>();
  readonly sessions = new Map<string, DoubleSession>();
  readonly requests: Array<{ method: string; path: string; body: unknown }> = [];
  readonly webhookDeliveries: WebhookDelivery[] = [];
  scenario: Scenario = () => [];
  webhook: WebhookTarget | undefined;
  /** Events per list page, small so the SDK's auto-pagination is exercised. */
  pageSize = 4;
  private nextId = 1;
  private clock = Date.parse("2026-12-03T12:00:00Z");
  private readonly pendingWork = new Set<Promise<unknown>>();

  private constructor(
    private readonly server: Server,
    readonly baseURL: string,
    readonly apiKey: string,
  ) {}

  static async start(options: { apiKey?: string } = {}): Promise<ManagedAgentsDouble> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const double = new ManagedAgentsDouble(
      server,
      `http://127.0.0.1:${port}`,
      options.apiKey ?? DOUBLE_API_KEY,
    );
    server.on("request", (req, res) => {
      double.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) double.error(res, 500, "api_error", (error as Error).message);
      });
    });
    return double;
  }

  /** Waits until every scripted turn and webhook delivery started so far has finished. */
  async settled(): Promise<void> {
    while (this.pendingWork.size > 0) await Promise.all([...this.pendingWork]);
  }

  async close(): Promise<void> {
    await this.settled();
    for (const session of this.sessions.values()) for (const s of session.streams) s.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  session(id?: string): DoubleSession {
    const session = id ? this.sessions.get(id) : [...this.sessions.values()].at(-1);
    if (!session) throw new Error(`no session ${id ?? "(any)"}`);
    return session;
  }

  /** Emits events into a session from outside a turn (e.g. an operator deleting it). */
  inject(sessionId: string, plan: TurnPlan | ScriptedEvent[]): void {
    this.track(this.play(this.session(sessionId), plan));
  }

  private track(work: Promise<unknown>): void {
    this.pendingWork.add(work);
    void work.finally(() => this.pendingWork.delete(work));
  }

  private id(prefix: string): string {
    return `${prefix}_${String(this.nextId++).padStart(6, "0")}`;
  }

  private now(): string {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  // Responders return `true` so a route can answer with `return this.json(...)`.
  private error(res: ServerResponse, status: number, type: string, message: string): true {
    res.writeHead(status, { "content-type": "application/json", "request-id": this.id("req") });
    res.end(JSON.stringify({ type: "error", error: { type, message } }));
    return true;
  }

  private json(res: ServerResponse, body: unknown, status = 200): true {
    res.writeHead(status, { "content-type": "application/json", "request-id": this.id("req") });
    res.end(JSON.stringify(body));
    return true;
  }

  private async readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<true> {
    const url = new URL(req.url ?? "/", this.baseURL);
    const body = await this.readBody(req);
    this.requests.push({ method: req.method ?? "GET", path: url.pathname + url.search, body });
    // SDK 1.16 sends the API key as a bearer token; older clients used x-api-key.
    const key = req.headers["x-api-key"] ?? req.headers.authorization?.replace(/^Bearer /, "");
    if (key !== this.apiKey) {
      return this.error(res, 401, "authentication_error", "invalid API key");
    }
    if (!String(req.headers["anthropic-beta"] ?? "").includes("managed-agents-2026-04-01")) {
      return this.error(
        res,
        400,
        "invalid_request_error",
        "this endpoint needs anthropic-beta managed-agents-2026-04-01",
      );
    }
    const parts = url.pathname.split("/").filter(Boolean); // v1, resource, id, sub...
    const [, resource, id, sub, sub2] = parts;
    const method = req.method ?? "GET";
    const input = (body ?? {}) as Record<string, unknown>;

    if (resource === "agents") return this.agentsRoute(res, method, id, input, url);
    if (resource === "environments") return this.environmentsRoute(res, method, id, input);
    if (resource !== "sessions") return this.error(res, 404, "not_found_error", `no route ${url.pathname}`);
    if (!id) {
      if (method === "POST") return this.createSession(res, input);
      return this.error(res, 405, "invalid_request_error", "method not allowed");
    }
    const session = this.sessions.get(id);
    if (!session || session.deleted)
      return this.error(res, 404, "not_found_error", `session ${id} not found`);
    if (!sub) {
      if (method === "GET") return this.json(res, this.sessionView(session));
      if (method === "DELETE") {
        this.track(this.play(session, [{ type: "session.deleted" }]).then(() => (session.deleted = true)));
        return this.json(res, { id, type: "session_deleted" });
      }
    }
    if (sub === "archive" && method === "POST") {
      session.archived = true;
      return this.json(res, this.sessionView(session));
    }
    if (sub === "events" && !sub2 && method === "GET") return this.listEvents(res, session, url);
    if (sub === "events" && !sub2 && method === "POST") return this.sendEvents(res, session, input);
    if (sub === "events" && sub2 === "stream" && method === "GET")
      return this.openStream(req, res, session, url);
    return this.error(res, 404, "not_found_error", `no route ${method} ${url.pathname}`);
  }

  private agentsRoute(
    res: ServerResponse,
    method: string,
    id: string | undefined,
    input: Record<string, unknown>,
    url: URL,
  ): true {
    if (!id && method === "POST") {
      if (typeof input.name !== "string" || input.model === undefined) {
        return this.error(res, 400, "invalid_request_error", "name and model are required");
      }
      const agent = { ...input, id: this.id("agent"), version: 1, type: "agent", archived_at: null };
      this.agents.set(agent.id, agent);
      return this.json(res, agent);
    }
    if (!id && method === "GET") {
      const all = [...this.agents.values()];
      const start = Number(url.searchParams.get("page") ?? 0);
      const page = all.slice(start, start + this.pageSize);
      const next = start + this.pageSize < all.length ? String(start + this.pageSize) : null;
      return this.json(res, { data: page, next_page: next });
    }
    const agent = id ? this.agents.get(id) : undefined;
    if (!agent) return this.error(res, 404, "not_found_error", `agent ${id} not found`);
    if (method === "GET") return this.json(res, agent);
    if (method === "POST") {
      if (input.version !== agent.version) {
        return this.error(res, 409, "invalid_request_error", `agent version is ${agent.version}`);
      }
      const { version: _ignored, ...changes } = input;
      const updated = { ...agent, ...changes, version: agent.version + 1 };
      this.agents.set(agent.id, updated);
      return this.json(res, updated);
    }
    return this.error(res, 405, "invalid_request_error", "method not allowed");
  }

  private environmentsRoute(
    res: ServerResponse,
    method: string,
    id: string | undefined,
    input: Record<string, unknown>,
  ): true {
    if (!id && method === "POST") {
      const environment = { ...input, id: this.id("env"), type: "environment", archived_at: null };
      this.environments.set(environment.id, environment);
      return this.json(res, environment);
    }
    if (!id && method === "GET")
      return this.json(res, { data: [...this.environments.values()], next_page: null });
    const environment = id ? this.environments.get(id) : undefined;
    if (!environment) return this.error(res, 404, "not_found_error", `environment ${id} not found`);
    return this.json(res, environment);
  }

  private createSession(res: ServerResponse, input: Record<string, unknown>): true {
    const agentRef = input.agent;
    const agentId = typeof agentRef === "string" ? agentRef : (agentRef as { id?: string } | undefined)?.id;
    if (!agentId || !this.agents.has(agentId)) {
      return this.error(res, 400, "invalid_request_error", `unknown agent ${String(agentId)}`);
    }
    if (typeof input.environment_id !== "string" || !this.environments.has(input.environment_id)) {
      return this.error(res, 400, "invalid_request_error", "unknown environment_id");
    }
    const session: DoubleSession = {
      id: this.id("sesn"),
      createParams: input,
      events: [],
      status: "idle",
      archived: false,
      deleted: false,
      pendingCustomToolUses: new Set(),
      customToolResults: [],
      streams: new Set(),
      turns: 0,
    };
    this.sessions.set(session.id, session);
    const initial = (Array.isArray(input.initial_events) ? input.initial_events : []) as Record<
      string,
      unknown
    >[];
    for (const event of initial) this.accept(session, event);
    return this.json(res, this.sessionView(session));
  }

  private sessionView(session: DoubleSession): Record<string, unknown> {
    return {
      id: session.id,
      type: "session",
      status: session.status,
      archived_at: session.archived ? new Date(this.clock).toISOString() : null,
      budget: session.createParams.budget ?? null,
      environment_id: session.createParams.environment_id,
      metadata: session.createParams.metadata ?? {},
      resources: [],
      created_at: new Date(this.clock).toISOString(),
      updated_at: new Date(this.clock).toISOString(),
    };
  }

  private listEvents(res: ServerResponse, session: DoubleSession, url: URL): true {
    const start = Number(url.searchParams.get("page") ?? 0);
    const limit = Number(url.searchParams.get("limit") ?? this.pageSize);
    const page = session.events.slice(start, start + limit);
    const next = start + limit < session.events.length ? String(start + limit) : null;
    return this.json(res, { data: page, next_page: next });
  }

  private sendEvents(res: ServerResponse, session: DoubleSession, input: Record<string, unknown>): true {
    const events = Array.isArray(input.events) ? (input.events as Record<string, unknown>[]) : [];
    for (const event of events) {
      if (event.type === "user.custom_tool_result") {
        const useId = event.custom_tool_use_id;
        if (typeof useId !== "string" || !session.pendingCustomToolUses.has(useId)) {
          return this.error(res, 400, "invalid_request_error", `no pending custom tool use ${String(useId)}`);
        }
      }
      if (session.status === "terminated") {
        return this.error(res, 400, "invalid_request_error", "session is terminated");
      }
    }
    const data = events.map((event) => this.accept(session, event));
    return this.json(res, { data });
  }

  /** Records a client event as queued and schedules its processing (echo + the scenario's turn). */
  private accept(session: DoubleSession, event: Record<string, unknown>): StoredEvent {
    const stored: StoredEvent = {
      ...event,
      id: this.id("sevt"),
      type: String(event.type),
      processed_at: null,
    };
    session.events.push(stored);
    const input = this.userInput(session, stored);
    this.track(
      (async () => {
        await new Promise((resolve) => setImmediate(resolve));
        stored.processed_at = this.now();
        this.broadcast(session, stored);
        if (!input) return;
        session.turns++;
        const plan = this.scenario(input, session);
        if (plan) await this.play(session, plan);
      })(),
    );
    return { ...stored };
  }

  private userInput(session: DoubleSession, event: StoredEvent): UserInput | undefined {
    const text = textOf(event.content);
    switch (event.type) {
      case "user.message":
        return { kind: "message", text };
      case "user.custom_tool_result": {
        const toolUseId = String(event.custom_tool_use_id);
        session.pendingCustomToolUses.delete(toolUseId);
        session.customToolResults.push({
          customToolUseId: toolUseId,
          isError: event.is_error === true,
          text,
        });
        return { kind: "custom_tool_result", toolUseId, isError: event.is_error === true, text };
      }
      case "user.interrupt":
        return { kind: "interrupt" };
      case "user.tool_confirmation":
        return {
          kind: "tool_confirmation",
          toolUseId: String(event.tool_use_id),
          result: String(event.result),
        };
      default:
        return undefined;
    }
  }

  private async play(session: DoubleSession, plan: TurnPlan | ScriptedEvent[]): Promise<void> {
    const turn: TurnPlan = Array.isArray(plan) ? { events: plan } : plan;
    let sent = 0;
    for (const scripted of turn.events) {
      await new Promise((resolve) => setImmediate(resolve));
      const event: StoredEvent = { ...scripted, id: this.id("sevt"), processed_at: this.now() };
      if (event.type === "agent.custom_tool_use") session.pendingCustomToolUses.add(event.id);
      // A requires_action idle names the calls it waits on; scenarios write "$pending" for them.
      const stop = event.stop_reason as { type?: string; event_ids?: unknown } | undefined;
      if (stop?.type === "requires_action" && stop.event_ids === "$pending") {
        event.stop_reason = { type: "requires_action", event_ids: [...session.pendingCustomToolUses] };
      }
      this.track(this.applyStatus(session, event));
      session.events.push(event);
      if (turn.dropStreamAfter !== undefined && sent >= turn.dropStreamAfter) {
        for (const stream of session.streams) stream.destroy();
        session.streams.clear();
        continue;
      }
      this.broadcast(session, event);
      if (turn.duplicateOnStream) this.broadcast(session, event);
      sent++;
    }
  }

  private async applyStatus(session: DoubleSession, event: StoredEvent): Promise<void> {
    const webhookType = {
      "session.status_idle": "session.status_idled",
      "session.status_terminated": "session.status_terminated",
      "session.deleted": "session.deleted",
      "session.status_running": "session.status_run_started",
      "session.status_rescheduled": "session.status_rescheduled",
    }[event.type];
    if (event.type === "session.status_idle") session.status = "idle";
    if (event.type === "session.status_running") session.status = "running";
    if (event.type === "session.status_rescheduled") session.status = "rescheduling";
    if (event.type === "session.status_terminated") session.status = "terminated";
    if (event.type === "session.status_terminated" || event.type === "session.deleted") {
      // The service closes the stream after a final event.
      setImmediate(() => {
        for (const stream of session.streams) stream.end();
        session.streams.clear();
      });
    }
    if (webhookType && this.webhook) await this.deliverWebhook(session.id, webhookType, this.webhook);
  }

  private broadcast(session: DoubleSession, event: StoredEvent): void {
    for (const stream of session.streams) {
      const wantsPreview = (stream as ServerResponse & { previews?: boolean }).previews === true;
      if (wantsPreview && event.type === "agent.message") {
        // A preview: event_start, then the text in two fragments, then the buffered event itself.
        const text = textOf(event.content);
        const half = Math.ceil(text.length / 2);
        writeSse(stream, "event_start", { type: "event_start", event: { id: event.id, type: event.type } });
        for (const piece of [text.slice(0, half), `${text.slice(half)} [preview only]`]) {
          writeSse(stream, "event_delta", {
            type: "event_delta",
            event_id: event.id,
            delta: { type: "content_delta", content: { type: "text", text: piece } },
          });
        }
      }
      writeSse(stream, event.type, event);
    }
  }

  private openStream(req: IncomingMessage, res: ServerResponse, session: DoubleSession, url: URL): true {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.flushHeaders();
    (res as ServerResponse & { previews?: boolean }).previews = url.searchParams
      .getAll("event_deltas")
      .concat(url.searchParams.getAll("event_deltas[]"))
      .some((v) => v.includes("agent.message"));
    writeSse(res, "ping", {});
    session.streams.add(res);
    req.on("close", () => session.streams.delete(res));
    if (session.status === "terminated") res.end();
    return true;
  }

  private async deliverWebhook(sessionId: string, type: string, target: WebhookTarget): Promise<void> {
    const envelope = {
      id: this.id("wevt"),
      type: "event",
      created_at: new Date(this.clock).toISOString(),
      data: { id: sessionId, type, organization_id: "org_double", workspace_id: "wrkspc_double" },
    };
    const body = JSON.stringify(envelope);
    const headers = signWebhook(
      body,
      target.signWith ?? target.secret,
      envelope.id,
      Math.floor(Date.now() / 1000),
    );
    try {
      const response = await fetch(target.url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      await response.text();
      this.webhookDeliveries.push({ body, status: response.status });
    } catch {
      this.webhookDeliveries.push({ body, status: 0 });
    }
  }
}

/** Standard Webhooks signing (what Anthropic uses): v1,base64(HMAC-SHA256(key, "id.timestamp.body")). */
export function signWebhook(
  body: string,
  secret: string,
  id: string,
  timestampSeconds: number,
): Record<string, string> {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`).digest("base64");
  return {
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": `v1,${signature}`,
  };
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}

function writeSse(res: ServerResponse, event: string, data: unknown): void {
  if (!res.destroyed && !res.writableEnded) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .map((b) =>
      b && typeof b === "object" && typeof (b as { text?: unknown }).text === "string"
        ? (b as { text: string }).text
        : "",
    )
    .join("");
}
