import {
  POPULAR_SEARCHES_LIMIT,
  SEARCH_PRICE_RANGES,
  type SearchFacets,
  type SearchPriceRangeId,
  type SearchQuery,
  type SearchResult,
  SearchResultSchema,
  type SearchSort,
  type SearchSuggestion,
} from "@reelmart/core/api/search";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { CatalogueCache } from "../../read-model/catalogue-cache.ts";
import type { LiveCards } from "../../read-model/live-cards.ts";
import { type CatalogueSource, getProductSummaries } from "../catalog/products.service.ts";
import type { SearchMemory } from "../../read-model/search-memory.ts";
import type { SearchSnapshot } from "../../read-model/search-snapshot.ts";
import { ItemsSplice } from "../../read-model/spliced-body.ts";
import {
  type Candidates,
  FACET_VALUES,
  FIELD_BRAND,
  FIELD_CATEGORY,
  Kind,
  MAX_EXPANSIONS,
  MIN_PREFIX_LETTERS,
  MIN_SUBSTRING_LETTERS,
  type RankedRow,
  SEARCH_MAX_WORDS,
  SUGGESTED_TITLES,
  type WordMatch,
  cost,
} from "./search.ranking.ts";
import { editDistance, typoAllowance } from "./search.words.ts";

// Product search (issue #16, decision 140) over the index of migration 0070: the term's words are
// folded by the database (the same function that indexed the products), each finds its dictionary
// words (exact, prefix, substring, or within the typo allowance), and products having a match for
// every word are ranked, filtered, counted and paged in one statement.

/** Deepest result an offset cursor reaches. */
const MAX_OFFSET = 10_000;
const SUGGESTED_BRANDS = 2;
const SUGGESTED_CATEGORIES = 2;

const EMPTY_FACETS: SearchFacets = { categories: [], brands: [], priceRanges: [], inStock: 0 };
const EMPTY_RESULT: SearchResult = { items: [], nextCursor: null, total: 0, facets: EMPTY_FACETS, didYouMean: null, suggestions: [] };

/** An opaque offset cursor: ranking is computed per request, so a keyset would buy nothing here. */
function encodeSearchCursor(offset: number): string {
  return `s1.${offset}`;
}

/** The offset a cursor stands for, or null when it is not one this server hands out. */
export function decodeSearchCursor(cursor: string): number | null {
  const match = /^s1\.(\d{1,5})$/.exec(cursor);
  const offset = match ? Number(match[1]) : NaN;
  return Number.isInteger(offset) && offset > 0 && offset <= MAX_OFFSET ? offset : null;
}

/** A candidate row's kind besides the match kinds: the query word itself, the whole folded term, a typo candidate. */
const QUERY_WORD = -1;
const TITLE_KEY = -2;
const TYPO_CANDIDATE = 3;

/**
 * In one round trip: the term folded by the function that indexed the products, and every dictionary
 * word each of its words may stand for. Typo candidates come from the deletion variants the query
 * word shares with dictionary words (the same depths as stored), and are then measured exactly here.
 */
async function findCandidates(db: Kysely<DB>, term: string): Promise<Candidates> {
  const { rows } = await sql<{ position: number; term: string; word: string | null; kind: number }>`
    with folded as (select search_words_of(${term}) as all_words),
    distinct_words as (
      select w.term, min(w.position) as first_at
      from folded cross join unnest(folded.all_words) with ordinality as w(term, position)
      group by w.term order by first_at limit ${SEARCH_MAX_WORDS}
    ),
    q as (select term, (row_number() over (order by first_at) - 1)::int as position from distinct_words)
    select q.position, q.term, m.word, m.kind
    from q cross join lateral (
      select null::text as word, ${QUERY_WORD}::int as kind
      union all
      select word, ${Kind.Exact}::int from search_words where word = q.term
      union all
      (select word, ${Kind.Prefix}::int from search_words
        where length(q.term) >= ${MIN_PREFIX_LETTERS} and word like q.term || '%' and word <> q.term
        order by length(word), word limit ${MAX_EXPANSIONS})
      union all
      (select word, ${Kind.Substring}::int from search_words
        where length(q.term) >= ${MIN_SUBSTRING_LETTERS} and word like '%' || q.term || '%' and word not like q.term || '%'
        order by length(word), word limit ${MAX_EXPANSIONS})
      union all
      select distinct v.word, ${TYPO_CANDIDATE}::int from search_word_variants(q.term) as t(variant) join search_word_variants v on v.variant = t.variant
    ) m
    union all
    select -1, array_to_string(all_words, ' '), null, ${TITLE_KEY}::int from folded
  `.execute(db);

  const words: string[] = [];
  let titleKey = "";
  // Keep the cheapest way each dictionary word matches each query word.
  const best = new Map<string, WordMatch>();
  for (const row of rows) {
    if (row.kind === TITLE_KEY) titleKey = row.term;
    else if (row.kind === QUERY_WORD) words[row.position] = row.term;
  }
  for (const row of rows) {
    if (row.word === null || row.kind < 0) continue;
    let match: WordMatch;
    if (row.kind === TYPO_CANDIDATE) {
      const allowance = typoAllowance(row.term, row.word);
      const typos = editDistance(row.term, row.word, allowance);
      if (typos > allowance) continue;
      match = { position: row.position, word: row.word, typos, kind: Kind.Exact };
    } else {
      match = { position: row.position, word: row.word, typos: 0, kind: row.kind as Kind };
    }
    const key = `${match.position}\u0000${match.word}`;
    const known = best.get(key);
    if (!known || cost(match) < cost(known)) best.set(key, match);
  }
  return { words, titleKey, matches: [...best.values()] };
}

function priceRange(id: SearchPriceRangeId) {
  return SEARCH_PRICE_RANGES.find((range) => range.id === id)!;
}

function priceCondition(id: SearchPriceRangeId): RawBuilder<boolean> {
  const range = priceRange(id);
  return range.max === null ? sql<boolean>`d.sale_price >= ${range.min}` : sql<boolean>`(d.sale_price >= ${range.min} and d.sale_price < ${range.max})`;
}

const RELEVANCE = sql`d.exact_title desc, d.field, d.typos, d.inexact, d.popularity desc, d.created_at desc, d.product_id desc`;

function orderFor(sort: SearchSort): RawBuilder<unknown> {
  switch (sort) {
    case "price-asc":
      return sql`d.sale_price, ${RELEVANCE}`;
    case "price-desc":
      return sql`d.sale_price desc, ${RELEVANCE}`;
    case "newest":
      return sql`d.created_at desc, d.product_id desc`;
    case "popular":
      return sql`d.popularity desc, ${RELEVANCE}`;
    default:
      return RELEVANCE;
  }
}

/** Ranks, filters, counts and pages the products having a match for every query word, in one statement. */
async function rankProducts(db: Kysely<DB>, { words, titleKey, matches }: Candidates, input: SearchQuery, offset: number): Promise<RankedRow> {
  const filters = {
    category: input.category === undefined ? sql<boolean>`true` : sql<boolean>`d.category = ${input.category}`,
    brand: input.brandId === undefined ? sql<boolean>`true` : sql<boolean>`d.brand_id = ${input.brandId}`,
    price: input.price === undefined ? sql<boolean>`true` : priceCondition(input.price),
    stock: input.inStock ? sql<boolean>`d.in_stock` : sql<boolean>`true`,
  };
  const all = sql<boolean>`${filters.category} and ${filters.brand} and ${filters.price} and ${filters.stock}`;
  const listed = input.marketplaceId
    ? sql<boolean>`exists (select 1 from marketplace_listings ml where ml.product_id = d.product_id and ml.marketplace_id = ${input.marketplaceId} and ml.is_active)`
    : sql<boolean>`true`;
  const priceBuckets = SEARCH_PRICE_RANGES.map((range) => sql`${range.id}::text, count(*) filter (where ${priceCondition(range.id)})`);

  const { rows } = await sql<RankedRow>`
    with m(position, word, cost) as (
      select * from unnest(${matches.map((m) => m.position)}::int[], ${matches.map((m) => m.word)}::text[], ${matches.map(cost)}::int[])
    ),
    hits as (
      select sp.product_id, m.position, min(sp.field * 100 + m.cost) as best,
             bool_or(sp.field = ${FIELD_BRAND}) as brand_hit, bool_or(sp.field = ${FIELD_CATEGORY}) as category_hit
      from m join search_postings sp on sp.word = m.word
      group by sp.product_id, m.position
    ),
    matched as (
      select product_id, max(best / 100) as field, sum(best % 100 / 10) as typos, sum(best % 10) as inexact,
             bool_or(brand_hit) as brand_hit, bool_or(category_hit) as category_hit
      from hits group by product_id having count(*) = ${words.length}
    ),
    d as materialized (
      select sd.product_id, sd.category, sd.brand_id, sd.sale_price, sd.in_stock, sd.created_at, sd.popularity,
             sd.title_key = ${titleKey} as exact_title, mt.field, mt.typos, mt.inexact, mt.brand_hit, mt.category_hit
      from matched mt join search_documents sd on sd.product_id = mt.product_id
      where sd.active
    ),
    d_listed as materialized (select d.* from d where ${listed}),
    page as (
      select d.product_id, row_number() over (order by ${orderFor(input.sort)}) as n
      from d_listed d where ${all} order by ${orderFor(input.sort)} offset ${offset} limit ${input.limit + 1}
    ),
    top as (
      select d.product_id, row_number() over (order by ${RELEVANCE}) as n from d_listed d order by ${RELEVANCE} limit ${SUGGESTED_TITLES}
    )
    select
      (select coalesce(json_agg(product_id order by n), '[]') from page) as page,
      (select coalesce(json_agg(json_build_object('id', p.id, 'title', p.title) order by top.n), '[]') from top join products p on p.id = top.product_id) as top_titles,
      (select count(*)::int from d_listed d where ${all}) as total,
      (select coalesce(bool_or(typos = 0), false) from d_listed) as without_typos,
      (select coalesce(bool_or(typos = 0 and inexact = 0), false) from d_listed) as exact_words,
      (select coalesce(json_agg(json_build_object('value', category, 'count', n, 'hit', hit) order by n desc, category), '[]') from (
        select d.category, count(*)::int as n, bool_or(d.category_hit) as hit from d_listed d
        where ${filters.brand} and ${filters.price} and ${filters.stock} group by d.category order by n desc, d.category limit ${FACET_VALUES}
      ) c) as categories,
      (select coalesce(json_agg(json_build_object('id', b.id, 'name', b.name, 'count', n, 'hit', hit) order by n desc, b.name), '[]') from (
        select d.brand_id, count(*)::int as n, bool_or(d.brand_hit) as hit from d_listed d
        where d.brand_id is not null and ${filters.category} and ${filters.price} and ${filters.stock}
        group by d.brand_id order by n desc limit ${FACET_VALUES}
      ) f join brands b on b.id = f.brand_id) as brands,
      (select json_build_object(${sql.join(priceBuckets)}) from d_listed d where ${filters.category} and ${filters.brand} and ${filters.stock}) as price_ranges,
      (select count(*)::int from d_listed d where ${filters.category} and ${filters.brand} and ${filters.price} and d.in_stock) as in_stock
  `.execute(db);
  return rows[0]!;
}

/** The candidate words the product has, from the index tables. */
async function wordsOfProduct(db: Kysely<DB>, productId: string, words: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom("search_postings").select("word").distinct().where("product_id", "=", productId).where("word", "in", words).execute();
  return new Set(rows.map((row) => row.word));
}

/** The term with each misspelt word replaced by the word the best result matched (`present`: the candidate words it has). */
function correctedTerm(words: string[], matches: WordMatch[], present: Set<string>): string | null {
  const corrected = words.map((word, position) => {
    const candidates = matches.filter((match) => match.position === position && present.has(match.word)).sort((a, b) => cost(a) - cost(b));
    const chosen = candidates[0];
    return chosen && chosen.typos > 0 ? chosen.word : word;
  });
  return corrected.some((word, position) => word !== words[position]) ? corrected.join(" ") : null;
}

function suggestionsFrom(ranked: RankedRow): SearchSuggestion[] {
  return [
    ...ranked.top_titles.map((product): SearchSuggestion => ({ kind: "product", text: product.title, id: product.id })),
    ...ranked.brands
      .filter((brand) => brand.hit)
      .slice(0, SUGGESTED_BRANDS)
      .map((brand): SearchSuggestion => ({ kind: "brand", text: brand.name, id: brand.id })),
    ...ranked.categories
      .filter((category) => category.hit)
      .slice(0, SUGGESTED_CATEGORIES)
      .map((category): SearchSuggestion => ({ kind: "category", text: category.value, id: category.value })),
  ];
}

export interface SearchOptions {
  /** Called with the folded term of a first-page search whose words all matched whole (popular searches). */
  onWholeWordSearch?: (term: string) => void;
  /** The index held in memory (decision 141); the SQL over the index tables answers while it is (re)built. */
  memory?: SearchMemory;
  /** The catalogue cache (decision 030): the page's products from memory, their counters read fresh. */
  catalogueCache?: CatalogueCache;
  /** Result cards held with live counters (decision 142): a warm page costs no query. */
  cards?: LiveCards;
}

/** `search_words_of(term)`: the database folds what the index in memory cannot (non-ASCII terms). */
async function foldInDatabase(db: Kysely<DB>, term: string): Promise<string[]> {
  const { rows } = await sql<{ words: string[] }>`select search_words_of(${term}) as words`.execute(db);
  return rows[0]!.words;
}

/** Whether every query word found a dictionary word: otherwise no product can match. */
function findsEveryWord({ words, matches }: Candidates): boolean {
  if (!words.length) return false;
  const matchedPositions = new Set(matches.map((match) => match.position));
  return matchedPositions.size >= words.length;
}

/** 'Did you mean' from memory: the best result's words, when only corrections found products. */
function didYouMeanInMemory(snapshot: SearchSnapshot, { words, matches }: Candidates, ranked: RankedRow): string | null {
  const topId = ranked.top_titles[0]?.id;
  if (ranked.without_typos || !topId) return null;
  return correctedTerm(words, matches, snapshot.wordsOf(topId, matches.map((match) => match.word)));
}

/** Everything of a search's answer but its items, in SearchResult's key order, as searchProducts sends it after them. */
function resultBesideItems(ranked: RankedRow, input: SearchQuery, offset: number, didYouMean: string | null): Omit<SearchResult, "items"> {
  return {
    nextCursor: ranked.page.length > input.limit && offset + input.limit < MAX_OFFSET ? encodeSearchCursor(offset + input.limit) : null,
    total: ranked.total,
    facets: {
      categories: ranked.categories.map(({ value, count }) => ({ value, count })),
      brands: ranked.brands.map(({ id, name, count }) => ({ id, name, count })),
      priceRanges: SEARCH_PRICE_RANGES.map((range) => ({ id: range.id, count: Number(ranked.price_ranges?.[range.id] ?? 0) })).filter((range) => range.count > 0),
      inStock: ranked.in_stock,
    },
    didYouMean,
    suggestions: suggestionsFrom(ranked),
  };
}

/**
 * Spec 001 §5 server search, beyond it per issue #16: blank terms find nothing; every word of the
 * term must match a word of the product's title, brand, category, description or variant colours,
 * exactly, by prefix, as a substring or within the typo allowance.
 */
export async function searchProducts(db: Kysely<DB>, input: SearchQuery, offset = 0, options: SearchOptions = {}): Promise<SearchResult> {
  if (!input.q.trim()) return EMPTY_RESULT;
  const snapshot = options.memory?.current();
  const candidates = snapshot ? snapshot.candidates(snapshot.fold(input.q) ?? (await foldInDatabase(db, input.q))) : await findCandidates(db, input.q);
  if (!findsEveryWord(candidates)) return EMPTY_RESULT;
  const { words, matches } = candidates;

  const ranked = snapshot ? snapshot.rank(candidates, input, offset) : await rankProducts(db, candidates, input, offset);
  const topId = ranked.top_titles[0]?.id;
  const didYouMean = snapshot
    ? Promise.resolve(didYouMeanInMemory(snapshot, candidates, ranked))
    : !ranked.without_typos && topId
      ? wordsOfProduct(db, topId, matches.map((match) => match.word)).then((present) => correctedTerm(words, matches, present))
      : Promise.resolve(null);
  const [items, corrected] = await Promise.all([getProductSummaries({ db, cache: options.catalogueCache, cards: options.cards }, ranked.page.slice(0, input.limit)), didYouMean]);
  if (ranked.exact_words && offset === 0) options.onWholeWordSearch?.(words.join(" "));
  return { items, ...resultBesideItems(ranked, input, offset, corrected) };
}

const searchResultBody = new ItemsSplice(SearchResultSchema);
const EMPTY_RESULT_BYTES = Buffer.from(JSON.stringify(EMPTY_RESULT));

/**
 * searchProducts answered from memory, as the JSON bytes the route sends for it (`JSON.stringify`
 * of the same result), for the fast lane (decision 145): the held cards' bytes are joined, not
 * serialised again. The bytes at once when every card of the page is held; a promise of them when
 * some must be read (as the route would read them, into `source.cards`), so the ranking is done
 * once, here. Undefined when the ranking needs the database: the index is being (re)built, or the
 * term is not ASCII (the database folds it).
 */
export function searchBytesFromMemory(
  memory: SearchMemory,
  source: CatalogueSource & { cards: LiveCards },
  input: SearchQuery,
  offset: number,
  options: Pick<SearchOptions, "onWholeWordSearch"> = {},
): Buffer | Promise<Buffer> | undefined {
  if (!input.q.trim()) return EMPTY_RESULT_BYTES;
  const snapshot = memory.current();
  const folded = snapshot?.fold(input.q);
  if (!snapshot || !folded) return undefined;
  const candidates = snapshot.candidates(folded);
  if (!findsEveryWord(candidates)) return EMPTY_RESULT_BYTES;
  const ranked = snapshot.rank(candidates, input, offset);
  const pageIds = ranked.page.slice(0, input.limit);
  const rest = resultBesideItems(ranked, input, offset, didYouMeanInMemory(snapshot, candidates, ranked));
  const { cards } = source;
  const answer = (items: Buffer[]) => {
    if (ranked.exact_words && offset === 0) options.onWholeWordSearch?.(candidates.words.join(" "));
    return searchResultBody.bytes(items, rest);
  };
  const held = pageIds.map((id) => cards.get(id));
  if (held.every((card) => card !== undefined)) return answer(held.map((card) => cards.bytes(card)));
  // The cards held are what getProductSummaries returns for them; the others are new summaries.
  return getProductSummaries(source, pageIds).then((summaries) =>
    answer(summaries.map((summary) => (cards.peek(summary.id) === summary ? cards.bytes(summary) : Buffer.from(JSON.stringify(summary))))),
  );
}

/** The most searched terms that found products by whole words. */
export async function popularSearches(db: Kysely<DB>): Promise<string[]> {
  const rows = await db
    .selectFrom("search_queries")
    .select("term")
    .orderBy("searches", "desc")
    .orderBy("last_searched_at", "desc")
    .orderBy("term")
    .limit(POPULAR_SEARCHES_LIMIT)
    .execute();
  return rows.map((row) => row.term);
}

/**
 * Counts searches in memory and writes them in one statement now and then, so a search costs no
 * write. Each instance adds its own counts (the upsert adds, never overwrites).
 */
export class SearchLog {
  private pending = new Map<string, number>();

  constructor(private readonly db: Kysely<DB>) {}

  record(term: string): void {
    this.pending.set(term, (this.pending.get(term) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (!this.pending.size) return;
    const batch = [...this.pending];
    this.pending = new Map();
    await this.db
      .insertInto("search_queries")
      .values(batch.map(([term, searches]) => ({ term, searches })))
      .onConflict((oc) =>
        oc.column("term").doUpdateSet((eb) => ({ searches: sql`${eb.ref("search_queries.searches")} + excluded.searches`, last_searched_at: sql`now()` })),
      )
      .execute();
  }
}
