/** Lists longer than this are shuffled in a Web Worker (001 §4 "Feed", §9). */
export const WORKER_SHUFFLE_THRESHOLD = 100;

/** 32-bit FNV-1a of the seed: the same string always gives the same shuffle. */
function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i += 1) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny, good-enough PRNG for ordering a list. */
function random(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded Fisher-Yates permutation of 0..length-1. */
export function shuffledOrder(length: number, seed: string): number[] {
  const order = Array.from({ length }, (_, i) => i);
  const next = random(seed);
  for (let i = length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

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
      ? await orderInWorker(items.length, seed).catch(() => shuffledOrder(items.length, seed))
      : shuffledOrder(items.length, seed);
  return order.map((i) => items[i]!);
}
