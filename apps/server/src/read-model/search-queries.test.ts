import { SEARCH_SORTS, type SearchQuery } from "@reelmart/core/api/search";
import { describe, expect, it } from "vitest";
import { firstInOrder } from "./search-order.ts";
import { SearchSnapshot, flatPostings } from "./search-snapshot.ts";

// Decision 143: rank() pages from a bounded heap, never a sort of every match, and its pages are the full order's slices.
// search.catalogue.test.ts compares its answers with the SQL's over a whole catalogue.

describe("the page as a bounded heap (top k) instead of a sort of every match", () => {
  /** A deterministic generator, so a failure names inputs that reproduce. */
  function generator(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
      return state % below;
    };
  }

  it("keeps the first k of a full sort, in order, for random inputs with many ties", () => {
    const random = generator(7);
    for (let trial = 0; trial < 300; trial++) {
      const length = random(400);
      const docs = Int32Array.from({ length }, () => random(1000));
      const keys = Int32Array.from({ length: 1000 }, () => random(5));
      const compare = (a: number, b: number) => keys[a]! - keys[b]! || b - a;
      const count = random(length + 30);
      const sorted = [...docs].sort(compare);
      expect({ trial, kept: firstInOrder(docs, length, count, compare) }).toEqual({ trial, kept: sorted.slice(0, count) });
    }
  });

  it("gives each page of rank() as the matches in full order would, under every sort, filter and offset", () => {
    // 3,000 products with three words in ten titles' worth of combinations, few prices and popularities: many ties.
    const random = generator(11);
    const n = 3000;
    // 'zephyr' is rare: a query starting from it looks the few products it finds up in the other words' postings.
    const vocabulary = ["lamp", "lantern", "lamps", "desk", "brass", "steel", "red", "green", "zephyr"];
    const ids = Array.from({ length: n }, (_, doc) => `00000000-0000-4000-8000-${String(doc).padStart(12, "0")}`);
    const titleWords = ids.map((_, doc) => [vocabulary[random(8)]!, vocabulary[random(8)]!, doc % 50 === 0 ? "zephyr" : vocabulary[random(8)]!]);
    const postingLists = vocabulary.map(() => [] as number[]);
    titleWords.forEach((words, doc) => {
      words.forEach((word, place) => postingLists[vocabulary.indexOf(word)]!.push(doc * 8 + (place === 2 ? 3 : random(3))));
    });
    const snapshot = new SearchSnapshot(
      1,
      ids,
      titleWords.map((words) => words.join(" ")),
      titleWords.map((words) => words.join(" ")),
      ids.map(() => ["Home", "Garden", "Office"][random(3)]!),
      ids.map(() => (random(4) === 0 ? null : `b${random(5)}`)),
      Float64Array.from(ids, () => [40000, 90000, 300000, 600000][random(4)]!),
      Uint8Array.from(ids, () => (random(5) === 0 ? 0 : 1)),
      Float64Array.from(ids, () => random(3) * 1e6),
      Float64Array.from(ids, () => random(4)),
      ...flatPostings(vocabulary.map((word, index) => ({ word, entries: [...new Set(postingLists[index])].sort((a, b) => a - b) }))),
      new Map(),
      new Map(["b0", "b1", "b2", "b3", "b4"].map((id) => [id, id.toUpperCase()])),
    );
    const queries: Partial<SearchQuery>[] = [{}, { inStock: true }, { category: "Home" }, { brandId: "b2" }, { price: "500-1000" }, { category: "Garden", inStock: true }];
    for (const q of ["lamp", "lamp red", "lantren", "la", "desk brass steel", "zephyr lamp", "zephyr la red"]) {
      for (const sort of SEARCH_SORTS) {
        for (const filters of queries) {
          const input = (limit: number): SearchQuery => ({ q, sort, limit, ...filters });
          const candidates = snapshot.candidates(snapshot.fold(q)!);
          const everything = snapshot.rank(candidates, input(n), 0);
          expect(everything.page.length).toBe(everything.total);
          for (const [limit, offset] of [[20, 0], [7, 14], [50, 300]] as const) {
            const ranked = snapshot.rank(snapshot.candidates(snapshot.fold(q)!), input(limit), offset);
            expect({ q, sort, filters, limit, offset, page: ranked.page }).toEqual({ q, sort, filters, limit, offset, page: everything.page.slice(offset, offset + limit + 1) });
            expect(ranked.top_titles).toEqual(everything.top_titles);
          }
        }
      }
    }
  });
});
