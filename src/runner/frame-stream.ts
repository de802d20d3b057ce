/**
 * A replaying broadcast of the session's frames: every iterator sees every item recorded so far
 * and then the live ones. Recording starts when the stream is first requested (`activate`), so a
 * host that never subscribes keeps no frames in memory; `runSession(...).frames` read right away
 * (before any I/O) therefore misses nothing.
 */
export class FrameStream<T> implements AsyncIterable<T> {
  private readonly items: T[] = [];
  private recording = false;
  private ended = false;
  private readonly waiters = new Set<() => void>();

  activate(): this {
    this.recording = true;
    return this;
  }

  push(item: T): void {
    if (this.ended || !this.recording) return;
    this.items.push(item);
    this.wake();
  }

  end(): void {
    this.ended = true;
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<T> {
    let index = 0;
    for (;;) {
      while (index < this.items.length) yield this.items[index++] as T;
      if (this.ended) return;
      await new Promise<void>((resolve) => this.waiters.add(resolve));
    }
  }
}
