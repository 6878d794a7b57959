import { shuffledOrder } from "@reelmart/core/feed-order";

/** Lists longer than this are shuffled in a Web Worker (001 §4 "Feed", §9). */
export const WORKER_SHUFFLE_THRESHOLD = 100;

function orderInWorker(length: number, seed: string): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./shuffle.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<number[]>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage({ length, seed });
  });
}

/**
 * Shuffles a list on the device, stably for a seed. Over 100 items the permutation is computed in a
 * Web Worker so a long list never blocks scrolling; only indices cross the thread boundary.
 */
export async function shuffleOnDevice<T>(items: readonly T[], seed: string): Promise<T[]> {
  const order =
    items.length > WORKER_SHUFFLE_THRESHOLD && typeof Worker !== "undefined"
      ? // swallowed: a worker that fails to start or answer gives way to the same order computed here.
        await orderInWorker(items.length, seed).catch(() => shuffledOrder(items.length, seed))
      : shuffledOrder(items.length, seed);
  return order.map((i) => items[i]!);
}
