import { SEARCH_PRICE_RANGES, type SearchPriceRangeId, type SearchQuery, type SearchSort } from "@reelmart/core/api/search";
import { type Kysely, sql } from "kysely";
import { Gauge, type Registry } from "prom-client";
import type { Database } from "../db/database.ts";
import type { DB } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { CoalescedRefresh } from "./coalesced-refresh.ts";
import { listenForMovedCounters } from "./moved-counters.ts";
import { PerGeneration } from "./per-generation.ts";
import type { Candidates, RankedRow, WordMatch } from "../modules/search/search.ranking.ts";
import { FACET_VALUES, FIELD_BRAND, FIELD_CATEGORY, Kind, MAX_EXPANSIONS, MIN_PREFIX_LETTERS, MIN_SUBSTRING_LETTERS, SEARCH_MAX_WORDS, SUGGESTED_TITLES, cost } from "../modules/search/search.ranking.ts";
import { editDistance, typoAllowance } from "../modules/search/search.words.ts";

// The search index of migration 0070 held in memory (decision 141): the dictionary with its deletion
// variants, each word's postings, and each product's search document, so a search ranks, filters,
// counts and pages without a query; only the page's rows are read from the database. PostgreSQL (or
// PGlite) stays the source of truth: the index is rebuilt from its tables whenever they change in a
// way it reads (SEARCH_INDEX_CHANNEL, migration 0102: not on a stock change that leaves a product in
// stock, nor on popularity), and the SQL search serves meanwhile, so no instance answers from an
// index older than a write it has been told about. Every rule below mirrors a clause of the SQL in search.service.ts; a test compares
// the two on both databases.

/** Notified by migration 0102's triggers whenever a table the index reads changes in a way it reads. */
export const SEARCH_INDEX_CHANNEL = "search_index";

/** The rows of one build, read in one repeatable-read transaction so they agree with each other. */
interface DocumentRow {
  product_id: string;
  title: string;
  title_key: string;
  category: string;
  brand_id: string | null;
  sale_cents: string;
  in_stock: boolean;
  created_micros: string;
  popularity: string;
}

/**
 * The deletion variants migration 0070's `search_word_variants(word)` makes, by character (code
 * point) as PostgreSQL's length and overlay count: the word, 1 deletion from 4 to 20 letters, 2 from 7 to 20.
 */
export function deletionVariants(word: string): Set<string> {
  const letters = [...word];
  const n = letters.length;
  const variants = new Set<string>([word]);
  if (n >= 4 && n <= 20) {
    for (let i = 0; i < n; i++) {
      const one = letters.slice(0, i).concat(letters.slice(i + 1));
      variants.add(one.join(""));
      if (n >= 7) for (let j = 0; j < n - 1; j++) variants.add(one.slice(0, j).concat(one.slice(j + 1)).join(""));
    }
  }
  return variants;
}

/** Printable ASCII (and tabs/newlines): what foldAscii folds exactly as the database does. */
const ASCII = /^[\t\n\r\x20-\x7e]*$/;

/**
 * `search_words_of(term)` for a term of ASCII only, where lower(unaccent(x)) is ASCII lower case and
 * [[:alnum:]] is [a-z0-9]; other terms are folded by the database (unaccent's rules are its own).
 */
function foldAscii(term: string): string[] | undefined {
  if (!ASCII.test(term)) return undefined;
  return term
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((token) => token !== "" && token.length <= 64);
}

/** A query word's dictionary words, as `candidates` keeps them (the position is added per term). */
type Expansion = Omit<WordMatch, "position">;

/**
 * Query words whose expansions (exact, prefix, substring, typo) a snapshot keeps: they are a function
 * of the word and the dictionary alone, so they live and die with the snapshot. The bound keeps the
 * memory small (an entry holds at most 2 x MAX_EXPANSIONS words plus the word's typo neighbours).
 */
const EXPANSIONS_HELD = 512;

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

/**
 * Everything rank() reads and writes per product, in one record of 64 bytes, a cache line's worth:
 * a broad query touches thousands of products spread over the catalogue, and at 100k products each
 * separate array it reads costs a cache miss per product (decision 145: the working slots, the facts
 * and the tie-breaks in three arrays were three misses, most of a one-word search's CPU). As Int32
 * slots: the working slots, then the facts; as Float64 slots, after them: the tie-breaks and the price.
 */
const RECORD_BYTES = 64;
const RECORD_INTS = RECORD_BYTES / Int32Array.BYTES_PER_ELEMENT;
const RECORD_FLOATS = RECORD_BYTES / Float64Array.BYTES_PER_ELEMENT;

/**
 * rank()'s working slots. Stamp: the round the product last matched in; round: that round's best
 * field * 100 + cost; sums: the relevance key without the exact-title bit, plus hit flags;
 * relevance: the full key.
 */
const W_STAMP = 0;
const W_ROUND = 1;
const W_SUMS = 2;
const W_RELEVANCE = 3;

/** What facets and filters read: category and brand codes, price range, stock, title hash. */
const F_CATEGORY = 4;
/** -1: no brand. */
const F_BRAND = 5;
/** Price range index, with IN_STOCK above it. */
const F_PRICE_STOCK = 6;
/** hashText of the title key: the exact-title test compares strings only when it agrees. */
const F_TITLE_HASH = 7;
/** The tie-breaks after relevance (popularity, creation time in microseconds) and the sale price in cents, as Float64 slots (bytes 32–55). */
const T_POPULARITY = 4;
const T_CREATED = 5;
const T_SALE_CENTS = 6;
const PRICE_RANGE_MASK = 0xff;
const IN_STOCK = 1 << 8;
/** A product's price in none of SEARCH_PRICE_RANGES (a negative price). */
const NO_PRICE_RANGE = 0xff;

/** A filter value no product has (a category or brand the catalogue does not know). */
const UNKNOWN_CODE = -2;

/** A product's place in a comparison of two products, by their doc numbers. */
type DocOrder = (a: number, b: number) => number;

/** An immutable snapshot of the index at one catalogue generation. */
export class SearchSnapshot {
  /**
   * Every deletion variant of every dictionary word, as variantHash(variant) * WORD_LIMIT + the word's
   * index, ascending: a variant's words are one run, found by binary search. Two variants of one hash
   * share a run; expand() turns away the words that the edit distance or the variants themselves do
   * not bear out. At 100k products a Map of variants to word lists held 13 MB of the heap; this is
   * 8 bytes a variant of a word, off the heap.
   */
  private readonly variantKeys: Float64Array;
  /** Per query word, its expansions; least recently used first (Map order), at most EXPANSIONS_HELD. */
  private readonly expansions = new Map<string, Expansion[]>();
  private readonly categoryNames: string[] = [];
  private readonly categoryCodeOf = new Map<string, number>();
  private readonly brandKeys: string[] = [];
  private readonly brandCodeOf = new Map<string, number>();
  /**
   * The products' records (RECORD_BYTES each) as Int32 slots: rank()'s working slots, reused by every
   * search (rank() runs to its end without awaiting, so no two searches use them at once), and the
   * facts; categories and brands as codes, so facets are counted in typed arrays rather than maps
   * keyed by strings.
   */
  private readonly work: Int32Array;
  /** The same records as Float64 slots: tie-breaks and price. */
  private readonly floats: Float64Array;
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

  constructor(
    readonly generation: number,
    /** Ascending: a product's doc number is its place in id order, which breaks the last ties. */
    private readonly ids: string[],
    private readonly titles: string[],
    private readonly titleKeys: string[],
    categories: string[],
    brandIds: (string | null)[],
    saleCents: Float64Array,
    inStock: Uint8Array,
    createdMicros: Float64Array,
    popularity: Float64Array,
    /** The dictionary, in code-unit order (exact and prefix lookups by binary search). */
    private readonly words: string[],
    /**
     * Each word's postings, ascending doc * 8 + field: word i's are postings[postingStarts[i]] up to
     * postings[postingStarts[i + 1]]. One array for the dictionary: an array per word cost ~290 bytes
     * of overhead for a few entries (29 MB at 100k products, a word per product number).
     */
    private readonly postingStarts: Int32Array,
    private readonly postings: Int32Array,
    /** Per lower-case marketplace id, which docs have an active listing there. */
    private readonly listed: Map<string, Uint8Array>,
    private readonly brandNames: Map<string, string>,
  ) {
    if (!ascending(ids) || !ascending(words)) throw new Error("the search index needs its product ids and words in code-unit order");
    if (words.length > WORD_LIMIT) throw new Error(`the search index holds at most ${WORD_LIMIT} words, not ${words.length}`);
    const n = ids.length;
    const records = new ArrayBuffer(n * RECORD_BYTES);
    this.work = new Int32Array(records);
    this.floats = new Float64Array(records);
    this.matched = new Int32Array(n);
    this.selected = new Int32Array(n);
    this.survivors = new Int32Array(Math.ceil(n / 32));
    for (let doc = 0; doc < n; doc++) {
      const cents = saleCents[doc]!;
      // The ranges are disjoint, so a product is in one at most.
      const range = SEARCH_PRICE_RANGES.findIndex((bounds) => cents >= bounds.min * 100 && (bounds.max === null || cents < bounds.max * 100));
      const brandId = brandIds[doc]!;
      const at = doc * RECORD_INTS;
      this.work[at + F_CATEGORY] = codeOf(categories[doc]!, this.categoryCodeOf, this.categoryNames);
      this.work[at + F_BRAND] = brandId === null ? -1 : codeOf(brandId, this.brandCodeOf, this.brandKeys);
      this.work[at + F_PRICE_STOCK] = (range === -1 ? NO_PRICE_RANGE : range) | (inStock[doc] === 1 ? IN_STOCK : 0);
      this.work[at + F_TITLE_HASH] = hashText(titleKeys[doc]!);
      const floatsAt = doc * RECORD_FLOATS;
      this.floats[floatsAt + T_POPULARITY] = popularity[doc]!;
      this.floats[floatsAt + T_CREATED] = createdMicros[doc]!;
      this.floats[floatsAt + T_SALE_CENTS] = cents;
    }
    const variantKeys: number[] = [];
    words.forEach((word, index) => {
      for (const variant of deletionVariants(word)) variantKeys.push(variantHash(variant) * WORD_LIMIT + index);
    });
    this.variantKeys = Float64Array.from(variantKeys).sort();
  }

  /** The place of `id` (lower case) in `ids`, or -1. */
  private docOf(id: string): number {
    return indexIn(this.ids, id);
  }

  /** The index of `word` in the dictionary, or -1. */
  private indexOfWord(word: string): number {
    return indexIn(this.words, word);
  }

  /** The dictionary words with a deletion variant of `variant`'s hash (a superset of those with that variant). */
  private *wordsWithVariant(variant: string): Generator<number> {
    const keys = this.variantKeys;
    const first = variantHash(variant) * WORD_LIMIT;
    for (let at = partitionPoint(keys.length, (i) => keys[i]! < first); at < keys.length && keys[at]! < first + WORD_LIMIT; at++) yield keys[at]! - first;
  }

  get size(): number {
    return this.ids.length;
  }

  get dictionarySize(): number {
    return this.words.length;
  }

  /** The term's words folded as the index folds them, or undefined when only the database can (non-ASCII). */
  fold(term: string): string[] | undefined {
    return foldAscii(term);
  }

  /** Every dictionary word each query word may stand for, as findCandidates in SQL: exact, prefix, substring, typo. */
  candidates(allWords: string[]): Candidates {
    const words = [...new Set(allWords)].slice(0, SEARCH_MAX_WORDS);
    const matches = words.flatMap((term, position) => this.expand(term).map((expansion): WordMatch => ({ position, ...expansion })));
    return { words, titleKey: allWords.join(" "), matches };
  }

  /** The dictionary words `term` stands for, each in its cheapest way; kept per snapshot for the words searched most recently. */
  private expand(term: string): Expansion[] {
    const held = this.expansions.get(term);
    if (held) {
      this.expansions.delete(term);
      this.expansions.set(term, held);
      return held;
    }
    const best = new Map<string, Expansion>();
    const keep = (match: Expansion) => {
      const known = best.get(match.word);
      if (!known || cost(match) < cost(known)) best.set(match.word, match);
    };
    const length = [...term].length;
    if (this.indexOfWord(term) !== -1) keep({ word: term, typos: 0, kind: Kind.Exact });
    if (length >= MIN_PREFIX_LETTERS) for (const word of this.prefixed(term)) keep({ word, typos: 0, kind: Kind.Prefix });
    if (length >= MIN_SUBSTRING_LETTERS) for (const word of this.containing(term)) keep({ word, typos: 0, kind: Kind.Substring });
    const termVariants = deletionVariants(term);
    const typoWords = new Set<number>();
    for (const variant of termVariants) for (const index of this.wordsWithVariant(variant)) typoWords.add(index);
    for (const index of typoWords) {
      const word = this.words[index]!;
      const allowance = typoAllowance(term, word);
      const typos = editDistance(term, word, allowance);
      // A word reached through another variant of the same hash counts only if it shares a variant, as in SQL.
      if (typos <= allowance && (typos === 0 || sharesVariant(termVariants, word))) keep({ word, typos, kind: Kind.Exact });
    }
    const expansions = [...best.values()];
    this.expansions.set(term, expansions);
    if (this.expansions.size > EXPANSIONS_HELD) this.expansions.delete(this.expansions.keys().next().value!);
    return expansions;
  }

  /** Dictionary words starting with `term` (not itself), shortest first, at most MAX_EXPANSIONS. */
  private prefixed(term: string): string[] {
    const { words } = this;
    const found: string[] = [];
    for (let i = firstNotBefore(words, term); i < words.length && words[i]!.startsWith(term); i++) if (words[i] !== term) found.push(words[i]!);
    return shortestFirst(found);
  }

  /** Dictionary words containing `term` but not starting with it, shortest first, at most MAX_EXPANSIONS. */
  private containing(term: string): string[] {
    const found: string[] = [];
    for (const word of this.words) if (word.includes(term) && !word.startsWith(term)) found.push(word);
    return shortestFirst(found);
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

  /** Popularity moved (likes, views): the tie-break reads it from here. */
  setPopularity(id: string, popularity: number): void {
    const doc = this.docOf(id.toLowerCase());
    if (doc !== -1) this.floats[doc * RECORD_FLOATS + T_POPULARITY] = popularity;
  }

  /** Rough heap held (decision 141 reports it at 100k products). */
  get approximateBytes(): number {
    let bytes = this.work.byteLength + this.matched.byteLength + this.selected.byteLength + this.survivors.byteLength;
    bytes += this.postingStarts.byteLength + this.postings.byteLength + this.variantKeys.byteLength;
    for (const list of this.listed.values()) bytes += list.byteLength;
    for (let doc = 0; doc < this.ids.length; doc++) bytes += 3 * 56 + this.titles[doc]!.length + this.titleKeys[doc]!.length;
    for (const [term, expansions] of this.expansions) bytes += term.length + 40 + expansions.length * 48;
    for (const word of this.words) bytes += word.length + 40;
    return bytes;
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

/** The first of `length` places where `before` is false, `before` being true up to some place and false from it: binary search. */
function partitionPoint(length: number, before: (at: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (before(mid)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The first place in ascending `texts` (code-unit order) that is not before `text`. */
const firstNotBefore = (texts: readonly string[], text: string) => partitionPoint(texts.length, (at) => texts[at]! < text);

/** The place of `text` in ascending `texts`, or -1. */
function indexIn(texts: readonly string[], text: string): number {
  const at = firstNotBefore(texts, text);
  return texts[at] === text ? at : -1;
}

function ascending(texts: readonly string[]): boolean {
  for (let i = 1; i < texts.length; i++) if (!(texts[i - 1]! < texts[i]!)) return false;
  return true;
}

/** Words a snapshot holds at most: variantKeys packs a word's index beside a 32-bit hash in a double's 53 bits. */
const WORD_LIMIT = 2 ** 21;

/** hashText as an unsigned 32-bit number: a variant key's high part. */
const variantHash = (variant: string) => hashText(variant) >>> 0;

/** Whether `word` has one of the deletion variants `termVariants` (the SQL's join on search_word_variants). */
function sharesVariant(termVariants: ReadonlySet<string>, word: string): boolean {
  for (const variant of deletionVariants(word)) if (termVariants.has(variant)) return true;
  return false;
}

/** Byte order of the database's C collation for the texts we compare (code-unit order equals it outside the astral planes). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** FNV-1a over UTF-16 code units: equal texts hash equal, so unequal hashes spare a string comparison. */
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The code of `value` in `codes`, given the next free one (its place in `values`) when new. */
function codeOf(value: string, codes: Map<string, number>, values: string[]): number {
  let code = codes.get(value);
  if (code === undefined) {
    code = values.push(value) - 1;
    codes.set(value, code);
  }
  return code;
}

/**
 * The first `count` of `docs[0, length)` in `compare` order (a total order), in that order, without
 * sorting them all: a bounded max-heap whose root is the worst kept, so a page of 21 out of thousands
 * of matches costs one comparison for most of them, O(length log count) at worst.
 */
export function firstInOrder(docs: Int32Array, length: number, count: number, compare: DocOrder): number[] {
  const heap = new Int32Array(Math.max(0, Math.min(count, length)));
  let size = 0;
  for (let i = 0; i < length; i++) {
    const doc = docs[i]!;
    if (size < heap.length) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (compare(heap[parent]!, doc) > 0) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = doc;
    } else if (size > 0 && compare(doc, heap[0]!) < 0) {
      let at = 0;
      for (;;) {
        const left = 2 * at + 1;
        if (left >= size) break;
        const right = left + 1;
        const worse = right < size && compare(heap[right]!, heap[left]!) > 0 ? right : left;
        if (compare(heap[worse]!, doc) < 0) break;
        heap[at] = heap[worse]!;
        at = worse;
      }
      heap[at] = doc;
    }
  }
  return Array.from(heap).sort(compare);
}

function shortestFirst(words: string[]): string[] {
  return words.sort((a, b) => [...a].length - [...b].length || compareText(a, b)).slice(0, MAX_EXPANSIONS);
}

/** Reads the index tables into a snapshot: four queries in one repeatable-read transaction, O(catalogue). */
export async function loadSearchSnapshot(db: Kysely<DB>, generation: number): Promise<SearchSnapshot> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const { rows: documents } = await sql<DocumentRow>`
        select sd.product_id, p.title, sd.title_key, sd.category, sd.brand_id, (sd.sale_price * 100)::bigint::text as sale_cents, sd.in_stock,
               (extract(epoch from sd.created_at) * 1000000)::bigint::text as created_micros, sd.popularity::text as popularity
        from search_documents sd join products p on p.id = sd.product_id
        where sd.active order by sd.product_id`.execute(trx);
      // Postings as doc * 8 + field, doc being the product's position in the documents above.
      const { rows: postingRows } = await sql<{ word: string; entries: number[] }>`
        with d as (select product_id, (row_number() over (order by product_id) - 1)::int as doc from search_documents where active)
        select sp.word, array_agg(d.doc * 8 + sp.field order by d.doc, sp.field) as entries
        from search_postings sp join d on d.product_id = sp.product_id group by sp.word`.execute(trx);
      const listings = await trx.selectFrom("marketplace_listings").select(["product_id", "marketplace_id"]).where("is_active", "=", true).execute();
      const brands = await trx.selectFrom("brands").select(["id", "name"]).execute();

      const n = documents.length;
      const ids = documents.map((row) => row.product_id.toLowerCase());
      const listed = new Map<string, Uint8Array>();
      for (const listing of listings) {
        const doc = indexIn(ids, listing.product_id.toLowerCase());
        if (doc === -1) continue;
        const key = listing.marketplace_id.toLowerCase();
        let flags = listed.get(key);
        if (!flags) listed.set(key, (flags = new Uint8Array(n)));
        flags[doc] = 1;
      }
      return new SearchSnapshot(
        generation,
        ids,
        documents.map((row) => row.title),
        documents.map((row) => row.title_key),
        documents.map((row) => row.category),
        documents.map((row) => row.brand_id?.toLowerCase() ?? null),
        Float64Array.from(documents, (row) => Number(row.sale_cents)),
        Uint8Array.from(documents, (row) => (row.in_stock ? 1 : 0)),
        Float64Array.from(documents, (row) => Number(row.created_micros)),
        Float64Array.from(documents, (row) => Number(row.popularity)),
        ...flatPostings(postingRows),
        listed,
        new Map(brands.map((brand) => [brand.id.toLowerCase(), brand.name])),
      );
    });
}

/** The postings read per word as the snapshot holds them: the words in code-unit order, each one's postings in one array. */
export function flatPostings(rows: { word: string; entries: number[] }[]): [words: string[], postingStarts: Int32Array, postings: Int32Array] {
  rows.sort((a, b) => compareText(a.word, b.word));
  const postingStarts = new Int32Array(rows.length + 1);
  rows.forEach((row, index) => (postingStarts[index + 1] = postingStarts[index]! + row.entries.length));
  const postings = new Int32Array(postingStarts[rows.length]!);
  rows.forEach((row, index) => postings.set(row.entries, postingStarts[index]!));
  return [rows.map((row) => row.word), postingStarts, postings];
}

/**
 * The server's index: the snapshot of the current index generation, rebuilt in the background when
 * a SEARCH_INDEX_CHANNEL notification moves it (the SQL search answers until it lands; a rebuild
 * that spans another is discarded, as the feed's order is, decision 110). Popularity (likes, comments, shares,
 * views) changes without a catalogue notification; every such write sends its media's counters
 * topic on the realtime channel, and the popularity of those media's products is re-read, batched.
 */
export class SearchMemory {
  private readonly snapshot: PerGeneration<SearchSnapshot>;
  private closed = false;
  private stopListening: (() => Promise<void>) | undefined;
  /** Media whose counters moved: their products' popularity is re-read. */
  private readonly staleMedia = new CoalescedRefresh((mediaIds) => this.refreshPopularity(mediaIds), () => this.closed);
  /** Media noticed while a rebuild read the tables: re-read once it lands, whatever it read. */
  private noticedDuringBuild = new Set<string>();

  /** Moved by every SEARCH_INDEX_CHANNEL notification: the index of an older one is out of date. */
  private indexGeneration = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly logger: Logger,
  ) {
    this.snapshot = new PerGeneration({
      generation: () => this.indexGeneration,
      load: (generation) => loadSearchSnapshot(db, generation),
      onBuildStart: () => (this.noticedDuringBuild = new Set()),
      onBuilt: (snapshot) => {
        logger.info({ products: snapshot.size, words: snapshot.dictionarySize, approximateMB: Math.round(snapshot.approximateBytes / 1e5) / 10 }, "search index built");
        for (const id of this.noticedDuringBuild) this.markStale(id);
      },
      onError: (error) => logger.warn({ err: error }, "search index rebuild failed; the SQL search serves meanwhile"),
    });
  }

  /** Listens for index and counter changes and builds the first snapshot in the background. */
  async start(database: Database): Promise<void> {
    const indexChanged = () => (this.indexGeneration += 1);
    const stopIndex = await database.listen(SEARCH_INDEX_CHANNEL, indexChanged, indexChanged);
    // The snapshot's counts come with the next build.
    const stopCounters = await listenForMovedCounters(database, (mediaIds) => this.onCountersMoved(mediaIds), indexChanged);
    this.stopListening = async () => {
      await stopIndex();
      await stopCounters();
    };
    this.current();
  }

  /** The snapshot of the current catalogue, or undefined while it is being (re)built. */
  current(): SearchSnapshot | undefined {
    return this.snapshot.current();
  }

  /** The snapshot once built for the current catalogue (waits for a rebuild in flight). */
  whenBuilt(): Promise<SearchSnapshot | undefined> {
    return this.snapshot.whenBuilt();
  }

  /** Gauges of the index this server answers from (0 while it is (re)built and the SQL search answers). */
  registerMetrics(registry: Registry): void {
    const current = () => this.snapshot.held;
    new Gauge({
      name: "search_index_products",
      help: "Products in the search index held in memory; 0 while it is rebuilt after a write it reads (the SQL search answers meanwhile)",
      registers: [registry],
      collect() {
        this.set(current()?.size ?? 0);
      },
    });
    new Gauge({
      name: "search_index_bytes",
      help: "Approximate heap held by the search index in memory",
      registers: [registry],
      collect() {
        this.set(current()?.approximateBytes ?? 0);
      },
    });
  }

  /** Resolves once pending popularity refreshes are applied (tests). */
  async settled(): Promise<void> {
    await this.staleMedia.settled();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    await this.snapshot.close();
    await this.settled();
  }

  private onCountersMoved(mediaIds: readonly string[]) {
    for (const id of mediaIds) {
      if (this.snapshot.isBuilding) this.noticedDuringBuild.add(id);
      this.markStale(id);
    }
  }

  private markStale(mediaId: string) {
    this.staleMedia.note(mediaId.toLowerCase());
  }

  /** One query for the products of every medium whose counters moved since the last refresh. */
  private async refreshPopularity(mediaIds: string[]): Promise<void> {
    const snapshot = this.snapshot.latest;
    try {
      const rows = await this.db
        .selectFrom("search_documents as sd")
        .innerJoin("product_media as m", "m.product_id", "sd.product_id")
        .select(["sd.product_id", sql<string>`sd.popularity::text`.as("popularity")])
        .where("m.id", "in", mediaIds)
        .execute();
      for (const row of rows) snapshot?.setPopularity(row.product_id, Number(row.popularity));
    } catch (error) {
      // Popularity only breaks ties; the next rebuild reads it afresh.
      if (!this.closed) this.logger.warn({ err: error }, "search popularity refresh failed");
    }
  }
}
