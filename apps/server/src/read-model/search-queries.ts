import { SEARCH_PRICE_RANGES, type SearchPriceRangeId, type SearchQuery, type SearchSort } from "@reelmart/core/api/search";
import type { Candidates, RankedRow } from "../modules/search/search.ranking.ts";
import { FACET_VALUES, FIELD_BRAND, FIELD_CATEGORY, SUGGESTED_TITLES, cost } from "../modules/search/search.ranking.ts";
import { type DocOrder, firstInOrder } from "./search-order.ts";
import { F_BRAND, F_CATEGORY, F_PRICE_STOCK, F_TITLE_HASH, IN_STOCK, NO_PRICE_RANGE, PRICE_RANGE_MASK, RECORD_BYTES, RECORD_FLOATS, RECORD_INTS, T_CREATED, T_POPULARITY, T_SALE_CENTS, W_RELEVANCE, W_ROUND, W_STAMP, W_SUMS } from "./search-records.ts";
import { compareText, hashText, indexIn } from "./search-text.ts";

// A search snapshot's queries past a term's candidates (search-dictionary.ts), each mirroring the SQL of
// search.service.ts (a test compares the two on both databases): rank() (matches, facets, total, page,
// suggested titles) and the words a product has ('did you mean'). SearchSnapshot extends it with its tables.

/**
 * A product's relevance key, the RELEVANCE columns the query decides as one integer (lower ranks
 * first): not an exact title (bit 15), worst field (bits 12-14), typos (6-11), inexact matches (0-5).
 * Each sum fits its 6 bits: SEARCH_MAX_WORDS words of at most 2 typos or an inexact kind of at most 2.
 */
const NOT_EXACT_TITLE = 1 << 15;
const FIELD_SHIFT = 12;
const TYPOS_SHIFT = 6;
const SUMS_MASK = 0x7fff;
/** Above the relevance key in rank()'s sums slot: the product matched through its brand or its category. */
const BRAND_HIT = 1 << 16;
const CATEGORY_HIT = 1 << 17;

/** A filter value no product has (a category or brand the catalogue does not know). */
const UNKNOWN_CODE = -2;

/** A snapshot's ranking queries; their loops read the snapshot's own arrays (no object between). */
export abstract class SearchQueries {
  // The snapshot's tables, as search-snapshot.ts reads and describes them.
  protected abstract readonly ids: string[];
  protected abstract readonly titles: string[];
  protected abstract readonly titleKeys: string[];
  protected abstract readonly words: string[];
  protected abstract readonly postingStarts: Int32Array;
  protected abstract readonly postings: Int32Array;
  protected abstract readonly listed: Map<string, Uint8Array>;
  protected abstract readonly categoryNames: string[];
  protected abstract readonly categoryCodeOf: Map<string, number>;
  protected abstract readonly brandKeys: string[];
  protected abstract readonly brandCodeOf: Map<string, number>;
  protected abstract readonly brandNames: Map<string, string>;
  /**
   * The products' records (RECORD_BYTES each) as Int32 slots: rank()'s working slots, reused by every
   * search (rank() runs to its end without awaiting, so no two searches use them at once), and the
   * facts; categories and brands as codes, so facets are counted in typed arrays rather than maps
   * keyed by strings.
   */
  protected readonly work: Int32Array;
  /** The same records as Float64 slots: tie-breaks and price. */
  protected readonly floats: Float64Array;
  /** rank()'s lists of products (doc numbers). */
  private readonly matched: Int32Array;
  private readonly selected: Int32Array;
  /**
   * A bit per product: those every earlier round of rank() kept. A later round that reads a word's
   * postings whole tests this (12.5 KB at 100k products, in the core's first cache) before touching
   * a product's record, so only the products still in the running cost a cache miss. All clear
   * between searches.
   */
  private readonly survivors: Int32Array;
  private nextStamp = 1;

  /** `products` records, their facts for the snapshot to fill, and rank()'s lists for as many products. */
  protected constructor(products: number) {
    const records = new ArrayBuffer(products * RECORD_BYTES);
    this.work = new Int32Array(records);
    this.floats = new Float64Array(records);
    this.matched = new Int32Array(products);
    this.selected = new Int32Array(products);
    this.survivors = new Int32Array(Math.ceil(products / 32));
  }

  /** The place of `id` (lower case) in `ids`, or -1. */
  protected docOf(id: string): number {
    return indexIn(this.ids, id);
  }

  /** The index of `word` in the dictionary, or -1. */
  private indexOfWord(word: string): number {
    return indexIn(this.words, word);
  }

  /**
   * The ranking statement of rankProducts, in memory. Cost per search: the postings of the query's
   * words, then one pass over the matched products (facets in typed arrays, no object per product)
   * and a bounded heap for the page and the suggested titles, never a sort of every match.
   */
  rank(candidates: Candidates, input: SearchQuery, offset: number): RankedRow {
    const { words, titleKey, matches } = candidates;
    // Per query word, the postings of its matched words; the rarest word's products are the candidates.
    const byPosition = words.map(() => [] as PostingList[]);
    for (const match of matches) {
      const index = this.indexOfWord(match.word);
      if (index !== -1) byPosition[match.position]!.push({ from: this.postingStarts[index]!, to: this.postingStarts[index + 1]!, cost: cost(match) });
    }
    const order = byPosition
      .map((lists, position) => ({ position, size: lists.reduce((sum, list) => sum + list.to - list.from, 0) }))
      .sort((a, b) => a.size - b.size);
    const { work, matched, survivors, postings } = this;
    let count = 0;
    order.forEach(({ position }, step) => {
      if (step > 0) this.markSurvivors(count);
      const previous = this.nextStamp - 1;
      const current = this.nextRound();
      const lists = byPosition[position]!;
      const postingsHere = order[step]!.size;
      // Few products left and many postings: look each product up in the lists instead of reading them.
      if (step > 0 && count * lists.length * Math.log2(postingsHere + 1) < postingsHere) {
        count = this.keepMatching(count, lists, current);
        this.addRound(count);
        return;
      }
      count = 0;
      for (const { from, to, cost: matchCost } of lists) {
        for (let i = from; i < to; i++) {
          const entry = postings[i]!;
          const doc = entry >> 3;
          if (step > 0 && (survivors[doc >> 5]! & (1 << (doc & 31))) === 0) continue;
          const slots = doc * RECORD_INTS;
          const field = entry & 7;
          const value = field * 100 + matchCost;
          if (work[slots + W_STAMP] === current) {
            if (value < work[slots + W_ROUND]!) work[slots + W_ROUND] = value;
          } else if (step === 0 || work[slots + W_STAMP] === previous) {
            if (step === 0) work[slots + W_SUMS] = 0;
            work[slots + W_STAMP] = current;
            work[slots + W_ROUND] = value;
            matched[count++] = doc;
          } else continue;
          if (field === FIELD_BRAND) work[slots + W_SUMS]! |= BRAND_HIT;
          if (field === FIELD_CATEGORY) work[slots + W_SUMS]! |= CATEGORY_HIT;
        }
      }
      this.addRound(count);
    });
    if (order.length > 1) survivors.fill(0);
    return this.facetsAndPage(count, titleKey, input, offset);
  }

  /** The survivors bitmap as the first `count` products of `matched`, those every round so far kept. */
  private markSurvivors(count: number): void {
    const { matched, survivors } = this;
    survivors.fill(0);
    for (let i = 0; i < count; i++) {
      const doc = matched[i]!;
      survivors[doc >> 5]! |= 1 << (doc & 31);
    }
  }

  /**
   * A later round by lookup: of the first `count` products of `matched` (those every earlier round
   * kept), those with a posting in `lists`, found by binary search, with the round's best match and
   * hit flags, compacted in place; how many are kept.
   */
  private keepMatching(count: number, lists: PostingList[], current: number): number {
    const { work, matched, postings } = this;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      const doc = matched[i]!;
      let best = -1;
      let hits = 0;
      for (const { from, to, cost: matchCost } of lists) {
        for (let at = firstPostingOf(postings, from, to, doc); at < to && postings[at]! >> 3 === doc; at++) {
          const field = postings[at]! & 7;
          const value = field * 100 + matchCost;
          if (best === -1 || value < best) best = value;
          if (field === FIELD_BRAND) hits |= BRAND_HIT;
          if (field === FIELD_CATEGORY) hits |= CATEGORY_HIT;
        }
      }
      if (best === -1) continue;
      const slots = doc * RECORD_INTS;
      work[slots + W_STAMP] = current;
      work[slots + W_ROUND] = best;
      work[slots + W_SUMS]! |= hits;
      matched[kept++] = doc;
    }
    return kept;
  }

  /** Adds each of the first `count` products' best match of the round: the worst field over rounds, the typos and inexact kinds summed. */
  private addRound(count: number): void {
    const { work, matched } = this;
    for (let i = 0; i < count; i++) {
      const slots = matched[i]! * RECORD_INTS;
      const value = work[slots + W_ROUND]!;
      const sums = work[slots + W_SUMS]!;
      const field = Math.max((sums & SUMS_MASK) >> FIELD_SHIFT, Math.floor(value / 100));
      const rest = (sums & ((1 << FIELD_SHIFT) - 1)) + (Math.floor((value % 100) / 10) << TYPOS_SHIFT) + (value % 10);
      work[slots + W_SUMS] = (sums & ~SUMS_MASK) | (field << FIELD_SHIFT) | rest;
    }
  }

  /** A fresh stamp for a round of rank(); every stamp is cleared before the counter would overflow. */
  private nextRound(): number {
    if (this.nextStamp === 0x7fffffff) {
      for (let slots = 0; slots < this.work.length; slots += RECORD_INTS) this.work[slots + W_STAMP] = 0;
      this.nextStamp = 1;
    }
    return this.nextStamp++;
  }

  /** Facets, total, page and suggested titles over the first `count` products of `matched`. */
  private facetsAndPage(count: number, titleKey: string, input: SearchQuery, offset: number): RankedRow {
    const { work, matched, selected } = this;
    const listed = input.marketplaceId === undefined ? undefined : (this.listed.get(input.marketplaceId.toLowerCase()) ?? new Uint8Array());
    const category = input.category === undefined ? undefined : (this.categoryCodeOf.get(input.category) ?? UNKNOWN_CODE);
    const brand = input.brandId === undefined ? undefined : (this.brandCodeOf.get(input.brandId.toLowerCase()) ?? UNKNOWN_CODE);
    const price = input.price === undefined ? undefined : SEARCH_PRICE_RANGES.findIndex((range) => range.id === input.price);
    const stockOnly = input.inStock === true;
    const titleHash = hashText(titleKey);

    const categoryCounts = new Int32Array(this.categoryNames.length);
    const categoryHits = new Uint8Array(this.categoryNames.length);
    const brandCounts = new Int32Array(this.brandKeys.length);
    const brandHits = new Uint8Array(this.brandKeys.length);
    const priceCounts = new Int32Array(SEARCH_PRICE_RANGES.length);
    let rows = 0;
    let total = 0;
    let inStock = 0;
    let withoutTypos = false;
    let exactWords = false;
    for (let i = 0; i < count; i++) {
      const doc = matched[i]!;
      if (listed && !listed[doc]) continue;
      // The products left after the marketplace (the SQL's d_listed), compacted in place.
      matched[rows++] = doc;
      const slots = doc * RECORD_INTS;
      const sums = work[slots + W_SUMS]!;
      const typos = (sums >> TYPOS_SHIFT) & 0x3f;
      if (typos === 0) {
        withoutTypos = true;
        if ((sums & 0x3f) === 0) exactWords = true;
      }
      const exactTitle = work[slots + F_TITLE_HASH] === titleHash && this.titleKeys[doc] === titleKey;
      work[slots + W_RELEVANCE] = (sums & SUMS_MASK) | (exactTitle ? 0 : NOT_EXACT_TITLE);
      // Each facet counts the products that pass every filter but its own.
      const categoryCode = work[slots + F_CATEGORY]!;
      const brandCode = work[slots + F_BRAND]!;
      const priceRange = work[slots + F_PRICE_STOCK]! & PRICE_RANGE_MASK;
      const inStockHere = (work[slots + F_PRICE_STOCK]! & IN_STOCK) !== 0;
      const byCategory = category === undefined || categoryCode === category;
      const byBrand = brand === undefined || brandCode === brand;
      const byPrice = price === undefined || priceRange === price;
      const byStock = !stockOnly || inStockHere;
      if (byBrand && byPrice && byStock) {
        categoryCounts[categoryCode]! += 1;
        if (sums & CATEGORY_HIT) categoryHits[categoryCode] = 1;
      }
      if (brandCode >= 0 && byCategory && byPrice && byStock) {
        brandCounts[brandCode]! += 1;
        if (sums & BRAND_HIT) brandHits[brandCode] = 1;
      }
      if (byCategory && byBrand && byStock && priceRange !== NO_PRICE_RANGE) priceCounts[priceRange]! += 1;
      if (byCategory && byBrand && byPrice) {
        if (inStockHere) inStock += 1;
        if (byStock) selected[total++] = doc;
      }
    }
    const page = firstInOrder(selected, total, offset + input.limit + 1, this.order(input.sort)).slice(offset);
    const top = firstInOrder(matched, rows, SUGGESTED_TITLES, this.order("relevance"));

    const categories: RankedRow["categories"] = [];
    categoryCounts.forEach((n, code) => n > 0 && categories.push({ value: this.categoryNames[code]!, count: n, hit: categoryHits[code] === 1 }));
    const brands: RankedRow["brands"] = [];
    brandCounts.forEach((n, code) => n > 0 && brands.push({ id: this.brandKeys[code]!, name: this.brandNames.get(this.brandKeys[code]!) ?? "", count: n, hit: brandHits[code] === 1 }));
    return {
      page: page.map((doc) => this.ids[doc]!),
      top_titles: top.map((doc) => ({ id: this.ids[doc]!, title: this.titles[doc]! })),
      total,
      without_typos: withoutTypos,
      exact_words: exactWords,
      categories: categories.sort((a, b) => b.count - a.count || compareText(a.value, b.value)).slice(0, FACET_VALUES),
      brands: brands.sort((a, b) => b.count - a.count || compareText(a.name, b.name)).slice(0, FACET_VALUES),
      price_ranges: Object.fromEntries(SEARCH_PRICE_RANGES.map((range, index) => [range.id, priceCounts[index]!])) as Record<SearchPriceRangeId, number>,
      in_stock: inStock,
    };
  }

  /**
   * orderFor and RELEVANCE of the SQL, over doc numbers: the relevance key (exact title, worst field,
   * typos, inexact matches) compares as one integer, then popularity, newest, and the product id,
   * which is the doc number's order.
   */
  private order(sort: SearchSort): DocOrder {
    const { work, floats } = this;
    const relevance: DocOrder = (a, b) =>
      work[a * RECORD_INTS + W_RELEVANCE]! - work[b * RECORD_INTS + W_RELEVANCE]! ||
      floats[b * RECORD_FLOATS + T_POPULARITY]! - floats[a * RECORD_FLOATS + T_POPULARITY]! ||
      floats[b * RECORD_FLOATS + T_CREATED]! - floats[a * RECORD_FLOATS + T_CREATED]! ||
      b - a;
    switch (sort) {
      case "price-asc":
        return (a, b) => floats[a * RECORD_FLOATS + T_SALE_CENTS]! - floats[b * RECORD_FLOATS + T_SALE_CENTS]! || relevance(a, b);
      case "price-desc":
        return (a, b) => floats[b * RECORD_FLOATS + T_SALE_CENTS]! - floats[a * RECORD_FLOATS + T_SALE_CENTS]! || relevance(a, b);
      case "newest":
        return (a, b) => floats[b * RECORD_FLOATS + T_CREATED]! - floats[a * RECORD_FLOATS + T_CREATED]! || b - a;
      case "popular":
        return (a, b) => floats[b * RECORD_FLOATS + T_POPULARITY]! - floats[a * RECORD_FLOATS + T_POPULARITY]! || relevance(a, b);
      default:
        return relevance;
    }
  }

  /** The dictionary words among `words` that product `id` has (correctedTerm's lookup). */
  wordsOf(id: string, words: string[]): Set<string> {
    const doc = this.docOf(id.toLowerCase());
    const present = new Set<string>();
    if (doc === -1) return present;
    for (const word of words) {
      const index = this.indexOfWord(word);
      if (index === -1) continue;
      const to = this.postingStarts[index + 1]!;
      const at = firstPostingOf(this.postings, this.postingStarts[index]!, to, doc);
      if (at < to && this.postings[at]! >> 3 === doc) present.add(word);
    }
    return present;
  }

  /** Rough heap held by rank()'s records and lists. */
  protected get workingBytes(): number {
    return this.work.byteLength + this.matched.byteLength + this.selected.byteLength + this.survivors.byteLength;
  }
}

/** Where `doc`'s postings start among postings[from] to postings[to], ordered by doc (each entry doc << 3 | field): binary search. */
function firstPostingOf(postings: Int32Array, from: number, to: number, doc: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (postings[mid]! >> 3 < doc) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** A word's postings in a snapshot's one array, and what a match through that word costs. */
interface PostingList {
  from: number;
  to: number;
  cost: number;
}
