import { SEARCH_PRICE_RANGES } from "@reelmart/core/api/search";
import { type Kysely, sql } from "kysely";
import type { DB } from "../db/schema.ts";
import type { Candidates } from "../modules/search/search.ranking.ts";
import { SearchDictionary, foldAscii } from "./search-dictionary.ts";
import { SearchQueries } from "./search-queries.ts";
import { F_BRAND, F_CATEGORY, F_PRICE_STOCK, F_TITLE_HASH, IN_STOCK, NO_PRICE_RANGE, RECORD_FLOATS, RECORD_INTS, T_CREATED, T_POPULARITY, T_SALE_CENTS } from "./search-records.ts";
import { ascending, compareText, hashText, indexIn } from "./search-text.ts";

// The search index of migration 0070 held in memory at one generation (decision 141): each product's
// search document, the dictionary with each word's postings, the facets' codes, read from the database in
// one transaction, so a search ranks, filters, counts and pages without a query (only the page's rows are read).

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
 * An immutable snapshot of the index at one catalogue generation: the tables its queries read
 * (SearchQueries for rank() and 'did you mean', SearchDictionary for a term's candidates).
 */
export class SearchSnapshot extends SearchQueries {
  protected override readonly categoryNames: string[] = [];
  protected override readonly categoryCodeOf = new Map<string, number>();
  protected override readonly brandKeys: string[] = [];
  protected override readonly brandCodeOf = new Map<string, number>();
  /** The dictionary's deletion variants and the expansions of the words searched most recently. */
  private readonly dictionary: SearchDictionary;

  constructor(
    readonly generation: number,
    /** Ascending: a product's doc number is its place in id order, which breaks the last ties. */
    protected override readonly ids: string[],
    protected override readonly titles: string[],
    protected override readonly titleKeys: string[],
    categories: string[],
    brandIds: (string | null)[],
    saleCents: Float64Array,
    inStock: Uint8Array,
    createdMicros: Float64Array,
    popularity: Float64Array,
    /** The dictionary, in code-unit order (exact and prefix lookups by binary search). */
    protected override readonly words: string[],
    /**
     * Each word's postings, ascending doc * 8 + field: word i's are postings[postingStarts[i]] up to
     * postings[postingStarts[i + 1]]. One array for the dictionary: an array per word cost ~290 bytes
     * of overhead for a few entries (29 MB at 100k products, a word per product number).
     */
    protected override readonly postingStarts: Int32Array,
    protected override readonly postings: Int32Array,
    /** Per lower-case marketplace id, which docs have an active listing there. */
    protected override readonly listed: Map<string, Uint8Array>,
    protected override readonly brandNames: Map<string, string>,
  ) {
    super(ids.length);
    if (!ascending(ids) || !ascending(words)) throw new Error("the search index needs its product ids and words in code-unit order");
    this.dictionary = new SearchDictionary(words);
    const n = ids.length;
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
    return this.dictionary.candidates(allWords);
  }

  /** Popularity moved (likes, views): the tie-break reads it from here. */
  setPopularity(id: string, popularity: number): void {
    const doc = this.docOf(id.toLowerCase());
    if (doc !== -1) this.floats[doc * RECORD_FLOATS + T_POPULARITY] = popularity;
  }

  /** Rough heap held (decision 141 reports it at 100k products). */
  get approximateBytes(): number {
    let bytes = this.workingBytes + this.dictionary.approximateBytes;
    bytes += this.postingStarts.byteLength + this.postings.byteLength;
    for (const list of this.listed.values()) bytes += list.byteLength;
    for (let doc = 0; doc < this.ids.length; doc++) bytes += 3 * 56 + this.titles[doc]!.length + this.titleKeys[doc]!.length;
    for (const word of this.words) bytes += word.length + 40;
    return bytes;
  }
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
