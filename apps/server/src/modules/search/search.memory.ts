import { SEARCH_PRICE_RANGES, type SearchPriceRangeId, type SearchQuery, type SearchSort } from "@reelmart/core/api/search";
import { type Kysely, sql } from "kysely";
import { Gauge, type Registry } from "prom-client";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { CoalescedRefresh } from "../../shared/coalesced-refresh.ts";
import { listenForMovedCounters } from "../../shared/moved-counters.ts";
import { PerGeneration } from "../../shared/per-generation.ts";
import type { Candidates, RankedRow, WordMatch } from "./search.ranking.ts";
import { FACET_VALUES, FIELD_BRAND, FIELD_CATEGORY, Kind, MAX_EXPANSIONS, MIN_PREFIX_LETTERS, MIN_SUBSTRING_LETTERS, SEARCH_MAX_WORDS, SUGGESTED_TITLES, cost } from "./search.ranking.ts";
import { editDistance, typoAllowance } from "./search.words.ts";

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

/** One product as ranking, facets and sorting see it (the `d` rows of the SQL). */
interface Ranked {
  doc: number;
  exactTitle: boolean;
  field: number;
  typos: number;
  inexact: number;
  brandHit: boolean;
  categoryHit: boolean;
}

/** An immutable snapshot of the index at one catalogue generation. */
export class SearchSnapshot {
  private readonly docOf = new Map<string, number>();
  private readonly wordOf = new Map<string, number>();
  /** Dictionary words in code-unit order (prefix ranges by binary search). */
  private readonly sortedWords: string[];
  private readonly variants = new Map<string, number[]>();
  /**
   * Per-product working arrays of rank(), reused by every search: rank() runs to its end without
   * awaiting, so no two searches use them at once. A stamp marks the products matched in a round.
   */
  private readonly scratch: { stamp: Uint32Array; round: Int32Array; fieldMax: Int32Array; typoSum: Int32Array; inexactSum: Int32Array; hitFlags: Uint8Array };
  private nextStamp = 1;

  constructor(
    readonly generation: number,
    private readonly ids: string[],
    private readonly titles: string[],
    private readonly titleKeys: string[],
    private readonly categories: string[],
    private readonly brandIds: (string | null)[],
    private readonly saleCents: Float64Array,
    private readonly inStock: Uint8Array,
    private readonly createdMicros: Float64Array,
    private readonly popularity: Float64Array,
    private readonly words: string[],
    /** Per word, ascending doc * 8 + field. */
    private readonly postings: Int32Array[],
    /** Per lower-case marketplace id, which docs have an active listing there. */
    private readonly listed: Map<string, Uint8Array>,
    private readonly brandNames: Map<string, string>,
  ) {
    ids.forEach((id, doc) => this.docOf.set(id, doc));
    const n = ids.length;
    this.scratch = { stamp: new Uint32Array(n), round: new Int32Array(n), fieldMax: new Int32Array(n), typoSum: new Int32Array(n), inexactSum: new Int32Array(n), hitFlags: new Uint8Array(n) };
    words.forEach((word, index) => {
      this.wordOf.set(word, index);
      for (const variant of deletionVariants(word)) {
        const list = this.variants.get(variant);
        if (list) list.push(index);
        else this.variants.set(variant, [index]);
      }
    });
    this.sortedWords = [...words].sort();
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
    const best = new Map<string, WordMatch>();
    const keep = (match: WordMatch) => {
      const key = `${match.position}\u0000${match.word}`;
      const known = best.get(key);
      if (!known || cost(match) < cost(known)) best.set(key, match);
    };
    words.forEach((term, position) => {
      const length = [...term].length;
      if (this.wordOf.has(term)) keep({ position, word: term, typos: 0, kind: Kind.Exact });
      if (length >= MIN_PREFIX_LETTERS) for (const word of this.prefixed(term)) keep({ position, word, typos: 0, kind: Kind.Prefix });
      if (length >= MIN_SUBSTRING_LETTERS) for (const word of this.containing(term)) keep({ position, word, typos: 0, kind: Kind.Substring });
      const typoWords = new Set<number>();
      for (const variant of deletionVariants(term)) for (const index of this.variants.get(variant) ?? []) typoWords.add(index);
      for (const index of typoWords) {
        const word = this.words[index]!;
        const allowance = typoAllowance(term, word);
        const typos = editDistance(term, word, allowance);
        if (typos <= allowance) keep({ position, word, typos, kind: Kind.Exact });
      }
    });
    return { words, titleKey: allWords.join(" "), matches: [...best.values()] };
  }

  /** Dictionary words starting with `term` (not itself), shortest first, at most MAX_EXPANSIONS. */
  private prefixed(term: string): string[] {
    let low = 0;
    let high = this.sortedWords.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.sortedWords[mid]! < term) low = mid + 1;
      else high = mid;
    }
    const found: string[] = [];
    for (let i = low; i < this.sortedWords.length && this.sortedWords[i]!.startsWith(term); i++) if (this.sortedWords[i] !== term) found.push(this.sortedWords[i]!);
    return shortestFirst(found);
  }

  /** Dictionary words containing `term` but not starting with it, shortest first, at most MAX_EXPANSIONS. */
  private containing(term: string): string[] {
    const found: string[] = [];
    for (const word of this.words) if (word.includes(term) && !word.startsWith(term)) found.push(word);
    return shortestFirst(found);
  }

  /** The ranking statement of rankProducts, in memory. */
  rank(candidates: Candidates, input: SearchQuery, offset: number): RankedRow {
    const { words, titleKey, matches } = candidates;
    // Per query word, the postings of its matched words; the rarest word's products are the candidates.
    const byPosition = words.map(() => [] as { postings: Int32Array; cost: number }[]);
    for (const match of matches) {
      const index = this.wordOf.get(match.word);
      if (index !== undefined) byPosition[match.position]!.push({ postings: this.postings[index]!, cost: cost(match) });
    }
    const order = byPosition
      .map((lists, position) => ({ position, size: lists.reduce((sum, list) => sum + list.postings.length, 0) }))
      .sort((a, b) => a.size - b.size);
    // Per product: the round it last matched in (stamp), that round's best value, and the sums over rounds.
    const { stamp, round, fieldMax, typoSum, inexactSum, hitFlags } = this.scratch;
    let alive: number[] = [];
    order.forEach(({ position }, step) => {
      const previous = this.nextStamp - 1;
      const current = this.nextStamp++;
      const entered: number[] = [];
      for (const { postings, cost: matchCost } of byPosition[position]!) {
        for (let i = 0; i < postings.length; i++) {
          const entry = postings[i]!;
          const doc = entry >> 3;
          const field = entry & 7;
          const value = field * 100 + matchCost;
          if (stamp[doc] === current) {
            if (value < round[doc]!) round[doc] = value;
          } else if (step === 0 || stamp[doc] === previous) {
            if (step === 0) {
              fieldMax[doc] = 0;
              typoSum[doc] = 0;
              inexactSum[doc] = 0;
              hitFlags[doc] = 0;
            }
            stamp[doc] = current;
            round[doc] = value;
            entered.push(doc);
          } else continue;
          if (field === FIELD_BRAND) hitFlags[doc]! |= 1;
          if (field === FIELD_CATEGORY) hitFlags[doc]! |= 2;
        }
      }
      for (const doc of entered) {
        const value = round[doc]!;
        fieldMax[doc] = Math.max(fieldMax[doc]!, Math.floor(value / 100));
        typoSum[doc]! += Math.floor((value % 100) / 10);
        inexactSum[doc]! += value % 10;
      }
      alive = entered;
    });

    const listed = input.marketplaceId === undefined ? undefined : (this.listed.get(input.marketplaceId.toLowerCase()) ?? new Uint8Array());
    const rows: Ranked[] = [];
    for (const doc of alive) {
      if (listed && !listed[doc]) continue;
      const flags = hitFlags[doc]!;
      rows.push({
        doc,
        exactTitle: this.titleKeys[doc] === titleKey,
        field: fieldMax[doc]!,
        typos: typoSum[doc]!,
        inexact: inexactSum[doc]!,
        brandHit: (flags & 1) !== 0,
        categoryHit: (flags & 2) !== 0,
      });
    }
    return this.facetsAndPage(rows, input, offset);
  }

  private facetsAndPage(rows: Ranked[], input: SearchQuery, offset: number): RankedRow {
    const range = input.price === undefined ? undefined : SEARCH_PRICE_RANGES.find((candidate) => candidate.id === input.price)!;
    const inRange = (doc: number, id: SearchPriceRangeId | undefined, bounds = id && SEARCH_PRICE_RANGES.find((candidate) => candidate.id === id)) =>
      !bounds || (this.saleCents[doc]! >= bounds.min * 100 && (bounds.max === null || this.saleCents[doc]! < bounds.max * 100));
    const byCategory = (doc: number) => input.category === undefined || this.categories[doc] === input.category;
    const byBrand = (doc: number) => input.brandId === undefined || this.brandIds[doc] === input.brandId.toLowerCase();
    const byPrice = (doc: number) => range === undefined || inRange(doc, range.id);
    const byStock = (doc: number) => !input.inStock || this.inStock[doc] === 1;

    const filtered = rows.filter(({ doc }) => byCategory(doc) && byBrand(doc) && byPrice(doc) && byStock(doc));
    const page = firstInOrder(filtered, offset + input.limit + 1, this.comparator(input.sort)).slice(offset);
    const top = firstInOrder(rows, SUGGESTED_TITLES, this.comparator("relevance"));

    const categories = new Map<string, { count: number; hit: boolean }>();
    const brands = new Map<string, { count: number; hit: boolean }>();
    const priceRanges = Object.fromEntries(SEARCH_PRICE_RANGES.map((bucket) => [bucket.id, 0])) as Record<SearchPriceRangeId, number>;
    let inStock = 0;
    for (const row of rows) {
      const { doc } = row;
      const category = byCategory(doc);
      const brand = byBrand(doc);
      const price = byPrice(doc);
      const stock = byStock(doc);
      if (brand && price && stock) {
        const entry = categories.get(this.categories[doc]!) ?? { count: 0, hit: false };
        entry.count += 1;
        entry.hit ||= row.categoryHit;
        categories.set(this.categories[doc]!, entry);
      }
      const brandId = this.brandIds[doc];
      if (brandId !== null && brandId !== undefined && category && price && stock) {
        const entry = brands.get(brandId) ?? { count: 0, hit: false };
        entry.count += 1;
        entry.hit ||= row.brandHit;
        brands.set(brandId, entry);
      }
      if (category && brand && stock) for (const bucket of SEARCH_PRICE_RANGES) if (inRange(doc, bucket.id)) priceRanges[bucket.id] += 1;
      if (category && brand && price && this.inStock[doc] === 1) inStock += 1;
    }
    return {
      page: page.map((row) => this.ids[row.doc]!),
      top_titles: top.map((row) => ({ id: this.ids[row.doc]!, title: this.titles[row.doc]! })),
      total: filtered.length,
      without_typos: rows.some((row) => row.typos === 0),
      exact_words: rows.some((row) => row.typos === 0 && row.inexact === 0),
      categories: [...categories]
        .map(([value, { count, hit }]) => ({ value, count, hit }))
        .sort((a, b) => b.count - a.count || compareText(a.value, b.value))
        .slice(0, FACET_VALUES),
      brands: [...brands]
        .map(([id, { count, hit }]) => ({ id, name: this.brandNames.get(id) ?? "", count, hit }))
        .sort((a, b) => b.count - a.count || compareText(a.name, b.name))
        .slice(0, FACET_VALUES),
      price_ranges: priceRanges,
      in_stock: inStock,
    };
  }

  /** orderFor and RELEVANCE of the SQL, over the same columns. */
  private comparator(sort: SearchSort): (a: Ranked, b: Ranked) => number {
    const relevance = (a: Ranked, b: Ranked) =>
      Number(b.exactTitle) - Number(a.exactTitle) ||
      a.field - b.field ||
      a.typos - b.typos ||
      a.inexact - b.inexact ||
      this.popularity[b.doc]! - this.popularity[a.doc]! ||
      this.createdMicros[b.doc]! - this.createdMicros[a.doc]! ||
      compareText(this.ids[b.doc]!, this.ids[a.doc]!);
    switch (sort) {
      case "price-asc":
        return (a, b) => this.saleCents[a.doc]! - this.saleCents[b.doc]! || relevance(a, b);
      case "price-desc":
        return (a, b) => this.saleCents[b.doc]! - this.saleCents[a.doc]! || relevance(a, b);
      case "newest":
        return (a, b) => this.createdMicros[b.doc]! - this.createdMicros[a.doc]! || compareText(this.ids[b.doc]!, this.ids[a.doc]!);
      case "popular":
        return (a, b) => this.popularity[b.doc]! - this.popularity[a.doc]! || relevance(a, b);
      default:
        return relevance;
    }
  }

  /** The dictionary words among `words` that product `id` has (correctedTerm's lookup). */
  wordsOf(id: string, words: string[]): Set<string> {
    const doc = this.docOf.get(id.toLowerCase());
    const present = new Set<string>();
    if (doc === undefined) return present;
    for (const word of words) {
      const index = this.wordOf.get(word);
      if (index === undefined) continue;
      const postings = this.postings[index]!;
      let low = 0;
      let high = postings.length;
      while (low < high) {
        const mid = (low + high) >>> 1;
        if (postings[mid]! >> 3 < doc) low = mid + 1;
        else high = mid;
      }
      if (low < postings.length && postings[low]! >> 3 === doc) present.add(word);
    }
    return present;
  }

  /** Popularity moved (likes, views): the tie-break reads it from here. */
  setPopularity(id: string, popularity: number): void {
    const doc = this.docOf.get(id.toLowerCase());
    if (doc !== undefined) this.popularity[doc] = popularity;
  }

  /** Rough heap held (decision 141 reports it at 100k products). */
  get approximateBytes(): number {
    let bytes = this.saleCents.byteLength + this.createdMicros.byteLength + this.popularity.byteLength + this.inStock.byteLength;
    for (const list of this.postings) bytes += list.byteLength + 64;
    for (const list of this.listed.values()) bytes += list.byteLength;
    for (let doc = 0; doc < this.ids.length; doc++) bytes += 3 * 56 + this.titles[doc]!.length + this.titleKeys[doc]!.length + 2 * 40;
    for (const [variant, list] of this.variants) bytes += variant.length + 40 + list.length * 8;
    for (const word of this.words) bytes += 2 * (word.length + 40);
    return bytes;
  }
}

/** Byte order of the database's C collation for the texts we compare (code-unit order equals it outside the astral planes). */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The first `count` of `rows` in `compare` order, without sorting them all: a page of 21 out of
 * thousands of matches costs one comparison for most rows (against the worst kept).
 */
function firstInOrder<T>(rows: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (rows.length <= count * 4) return [...rows].sort(compare).slice(0, count);
  const kept: T[] = [];
  for (const row of rows) {
    if (kept.length === count && compare(row, kept[count - 1]!) >= 0) continue;
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(kept[mid]!, row) <= 0) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, row);
    if (kept.length > count) kept.pop();
  }
  return kept;
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
      const docOf = new Map(ids.map((id, doc) => [id, doc]));
      const listed = new Map<string, Uint8Array>();
      for (const listing of listings) {
        const doc = docOf.get(listing.product_id.toLowerCase());
        if (doc === undefined) continue;
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
        postingRows.map((row) => row.word),
        postingRows.map((row) => Int32Array.from(row.entries)),
        listed,
        new Map(brands.map((brand) => [brand.id.toLowerCase(), brand.name])),
      );
    });
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
    const stopIndex = await database.listen(SEARCH_INDEX_CHANNEL, () => (this.indexGeneration += 1));
    const stopCounters = await listenForMovedCounters(database, (mediaIds) => this.onCountersMoved(mediaIds));
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
