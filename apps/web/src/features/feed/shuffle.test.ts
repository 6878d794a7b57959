import { describe, expect, it } from "vitest";
import { shuffledOrder } from "@reelmart/core/feed-order";
import { shuffleOnDevice } from "./shuffle.ts";

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
