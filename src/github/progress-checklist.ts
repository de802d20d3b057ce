/** One step of a job as the progress comment shows it. */
export interface Milestone {
  id: string;
  label: string;
  state: "pending" | "active" | "done" | "failed";
  /** What the step found or is doing, e.g. "3 files read". */
  detail?: string;
}

export interface ProgressChecklistOptions {
  /** Heading of the comment while the job runs, e.g. "Claude review: working…". */
  title: string;
  milestones: ReadonlyArray<Pick<Milestone, "id" | "label">>;
  /**
   * Edits the comment. GitHub paces content creation (docs: at most about one write per second,
   * secondary limits beyond that), so edits are at least `minIntervalMs` apart and coalesced: only the
   * latest state is written.
   */
  write: (body: string) => Promise<void>;
  /** Default 3000 ms. */
  minIntervalMs?: number;
  /** A failed edit is reported here and never fails the job. */
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * A live checklist in a comment the job owns (the review's sticky summary, a question's working
 * reply), edited at milestones while the job runs. Progress is best effort: an edit that fails is
 * logged and dropped, and `stop()` ends it before the job writes its final text over it.
 */
export class ProgressChecklist {
  private readonly milestones: Milestone[];
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private inFlight: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;
  private stopped = false;
  private written: string | undefined;
  private failure: { reason: string; outcome: string } | undefined;

  constructor(private readonly options: ProgressChecklistOptions) {
    this.milestones = options.milestones.map((m) => ({ ...m, state: "pending" }));
    this.minIntervalMs = options.minIntervalMs ?? 3_000;
    this.now = options.now ?? Date.now;
  }

  /** Marks a step as under way (and every earlier pending one as done: steps run in order). */
  active(id: string, detail?: string): void {
    this.set(id, "active", detail);
  }

  done(id: string, detail?: string): void {
    this.set(id, "done", detail);
  }

  /** Updates a step's detail without changing its state (e.g. a running count). */
  detail(id: string, detail: string): void {
    const milestone = this.find(id);
    if (milestone.detail === detail) return;
    milestone.detail = detail;
    this.changed();
  }

  /**
   * The job failed (or ended without its usual result: `outcome` "not reviewed"): the step under
   * way is marked failed with the reason, and the comment is written at once (waiting out the pacing
   * interval), since no final summary follows.
   */
  async fail(reason: string, outcome = "failed"): Promise<void> {
    const current =
      this.milestones.find((m) => m.state === "active") ?? this.milestones.find((m) => m.state === "pending");
    if (current) current.state = "failed";
    this.failure = { reason, outcome };
    await this.flush();
  }

  /**
   * Writes the state now (once the pacing interval has passed) as the comment's last progress edit:
   * for a failure, or a job whose later steps run elsewhere (a detached session's settle step).
   */
  async flush(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
    const wait = this.lastWriteAt + this.minIntervalMs - this.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await this.writeNow();
  }

  /** No more progress edits: the job writes its final text next. Waits for an edit under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight;
  }

  render(): string {
    const lines = this.milestones.map((m) => {
      const box = m.state === "done" ? "[x]" : "[ ]";
      const mark = m.state === "active" ? " ⏳" : m.state === "failed" ? " ❌" : "";
      return `- ${box} ${m.label}${mark}${m.detail ? `: ${m.detail}` : ""}`;
    });
    const { failure } = this;
    const heading = failure
      ? `${this.options.title.replace(/: working…$/, "")}: ${failure.outcome}`
      : this.options.title;
    const tail = failure
      ? ["", `**${failure.outcome.charAt(0).toUpperCase()}${failure.outcome.slice(1)}:** ${failure.reason}`]
      : [];
    return [`## ${heading}`, "", ...lines, ...tail].join("\n");
  }

  private set(id: string, state: Milestone["state"], detail?: string): void {
    const index = this.milestones.findIndex((m) => m.id === id);
    if (index < 0) throw new TypeError(`unknown progress milestone "${id}"`);
    for (const earlier of this.milestones.slice(0, index))
      if (earlier.state !== "failed") earlier.state = "done";
    const milestone = this.milestones[index] as Milestone;
    milestone.state = state;
    if (detail !== undefined) milestone.detail = detail;
    this.changed();
  }

  private find(id: string): Milestone {
    const milestone = this.milestones.find((m) => m.id === id);
    if (!milestone) throw new TypeError(`unknown progress milestone "${id}"`);
    return milestone;
  }

  /**
   * Writes once the pacing interval has passed and no edit is under way; changes made in one go
   * (the same tick) go out as one edit.
   */
  private changed(): void {
    if (this.stopped) return;
    this.dirty = true;
    if (this.timer || this.inFlight) return;
    const wait = Math.max(0, this.lastWriteAt + this.minIntervalMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, wait);
  }

  private async writeNow(): Promise<void> {
    const body = this.render();
    this.dirty = false;
    if (body === this.written) return;
    this.lastWriteAt = this.now();
    const write = this.options
      .write(body)
      .then(() => {
        this.written = body;
      })
      .catch((error: unknown) =>
        this.options.log?.(`progress comment not updated: ${(error as Error).message}`),
      );
    this.inFlight = write;
    await write;
    this.inFlight = undefined;
    // Changes made while this edit was on its way go out after the interval.
    if (this.dirty && !this.stopped) this.changed();
  }
}
