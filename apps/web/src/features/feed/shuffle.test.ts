import { describe, expect, it } from "vitest";
import { shuffleOnDevice, shuffledOrder } from "./shuffle.ts";

describe("shuffledOrder", () => {
  it("is a permutation, stable per seed, different across seeds", () => {
    const a = shuffledOrder(50, "visit-1");
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(shuffledOrder(50, "visit-1")).toEqual(a);
    expect(shuffledOrder(50, "visit-2")).not.toEqual(a);
  });
});

describe("shuffleOnDevice", () => {
  it("shuffles small lists on the main thread", async () => {
    expect(await shuffleOnDevice(["a", "b", "c"], "s")).toHaveLength(3);
  });

  it("hands lists over 100 items to a worker", async () => {
    const posted: unknown[] = [];
    class FakeWorker {
      onmessage: ((event: { data: number[] }) => void) | null = null;
      onerror = null;
      postMessage(message: { length: number; seed: string }) {
        posted.push(message);
        queueMicrotask(() => this.onmessage?.({ data: shuffledOrder(message.length, message.seed) }));
      }
      terminate() {}
    }
    const original = globalThis.Worker;
    globalThis.Worker = FakeWorker as unknown as typeof Worker;
    try {
      const items = Array.from({ length: 101 }, (_, i) => i);
      const result = await shuffleOnDevice(items, "s");
      expect(posted).toEqual([{ length: 101, seed: "s" }]);
      expect(result).toEqual(shuffledOrder(101, "s"));
      await shuffleOnDevice(items.slice(0, 100), "s");
      expect(posted).toHaveLength(1);
    } finally {
      globalThis.Worker = original;
    }
  });
});
