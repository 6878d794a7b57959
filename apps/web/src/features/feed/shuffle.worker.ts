/// <reference lib="webworker" />
import { shuffledOrder } from "@reelmart/core/feed-order";

// Computes a long list's shuffle off the main thread (001 §4: more than 100 items).
self.onmessage = (event: MessageEvent<{ length: number; seed: string }>) => {
  self.postMessage(shuffledOrder(event.data.length, event.data.seed));
};
