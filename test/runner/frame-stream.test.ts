import { describe, expect, it } from "vitest";
import { FrameStream } from "../../src/runner/frame-stream.js";

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe("FrameStream", () => {
  it("keeps nothing until activated", async () => {
    const stream = new FrameStream<number>();
    stream.push(1);
    stream.end();
    expect(await collect(stream)).toEqual([]);
  });

  it("once activated, gives every subscriber every item, including those pushed before it subscribed", async () => {
    const stream = new FrameStream<number>().activate();
    stream.push(1);
    const early = collect(stream);
    stream.push(2);
    await Promise.resolve();
    const late = collect(stream);
    stream.push(3);
    stream.end();
    stream.push(4); // after end: ignored
    expect(await early).toEqual([1, 2, 3]);
    expect(await late).toEqual([1, 2, 3]);
    expect(await collect(stream)).toEqual([1, 2, 3]);
  });
});
