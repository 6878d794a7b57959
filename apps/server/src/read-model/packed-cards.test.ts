import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PackedCards } from "./packed-cards.ts";

/** A card-like JSON text: shared keys and URL prefixes, with its own ids and numbers. */
function cardJson(n: number): string {
  const id = `${String(n).padStart(8, "0")}-1111-4111-8111-111111111111`;
  const media = [240, 480, 720].map((height) => ({ height, width: (height * 9) / 16, url: `/media/product-media/products/${id}/optimized-${n}-${height}.mp4` }));
  return JSON.stringify({ id, title: `Product ${n}`, price: `${n}.00`, brand: { name: "Nimbus Audio", verified: true }, media: [{ id, likeCount: n % 17, renditions: media }] });
}

describe("PackedCards", () => {
  it("gives back each card's JSON exactly, across many chunks", () => {
    const packed = new PackedCards();
    const cards = Array.from({ length: 3000 }, (_, n) => [`key-${n}`, cardJson(n)] as const);
    for (let start = 0; start < cards.length; start += 200) packed.put(cards.slice(start, start + 200));
    expect(packed.size).toBe(3000);
    for (const [key, json] of cards) expect(packed.get(key)?.toString()).toBe(json);
    expect(packed.get("key-3000")).toBeUndefined();
  });

  it("takes a fraction of the JSON's bytes: the first cards are the dictionary of the rest", () => {
    const packed = new PackedCards();
    const cards = Array.from({ length: 2000 }, (_, n) => [`key-${n}`, cardJson(n)] as const);
    for (let start = 0; start < cards.length; start += 200) packed.put(cards.slice(start, start + 200));
    const jsonBytes = cards.reduce((sum, [, json]) => sum + Buffer.byteLength(json), 0);
    expect(packed.approximateBytes).toBeLessThan(jsonBytes / 3);
  });

  it("stays within twice its live entries' bytes as cards are replaced and dropped one by one", () => {
    const packed = new PackedCards();
    const cards = Array.from({ length: 3000 }, (_, n) => [`key-${n}`, cardJson(n)] as const);
    for (let start = 0; start < cards.length; start += 200) packed.put(cards.slice(start, start + 200));
    const full = packed.approximateBytes;
    // Every card written again, ten times over, then a third of them dropped.
    for (let round = 1; round <= 10; round++) for (let n = 0; n < 3000; n++) packed.put([[`key-${n}`, cardJson(n + round * 3000)]]);
    for (let n = 0; n < 1000; n++) packed.delete(`key-${n}`);
    expect(packed.size).toBe(2000);
    expect(packed.has("key-0")).toBe(false);
    expect(packed.approximateBytes).toBeLessThan(full * 2);
    for (let n = 1000; n < 3000; n++) expect(packed.get(`key-${n}`)?.toString()).toBe(cardJson(n + 30_000));
  });

  it("replaces a card packed again, and leaves out one too large to place", () => {
    const packed = new PackedCards();
    packed.put([["a", cardJson(1)]]);
    packed.put([["a", cardJson(2)], ["huge", JSON.stringify({ noise: randomBytes(80_000).toString("base64") })]]);
    expect(packed.get("a")?.toString()).toBe(cardJson(2));
    expect(packed.get("huge")).toBeUndefined();
    expect(packed.size).toBe(1);
  });
});
