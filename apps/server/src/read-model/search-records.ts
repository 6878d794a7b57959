// A search snapshot's product records (decision 145): one 64-byte record per product holding rank()'s
// working slots, the facts facets and filters read, and the tie-breaks. search-snapshot.ts fills the
// facts; search-queries.ts reads them and writes the working slots.

/**
 * Everything rank() reads and writes per product, in one record of 64 bytes, a cache line's worth:
 * a broad query touches thousands of products spread over the catalogue, and at 100k products each
 * separate array it reads costs a cache miss per product (decision 145: the working slots, the facts
 * and the tie-breaks in three arrays were three misses, most of a one-word search's CPU). As Int32
 * slots: the working slots, then the facts; as Float64 slots, after them: the tie-breaks and the price.
 */
export const RECORD_BYTES = 64;
export const RECORD_INTS = RECORD_BYTES / Int32Array.BYTES_PER_ELEMENT;
export const RECORD_FLOATS = RECORD_BYTES / Float64Array.BYTES_PER_ELEMENT;

/**
 * rank()'s working slots. Stamp: the round the product last matched in; round: that round's best
 * field * 100 + cost; sums: the relevance key without the exact-title bit, plus hit flags;
 * relevance: the full key.
 */
export const W_STAMP = 0;
export const W_ROUND = 1;
export const W_SUMS = 2;
export const W_RELEVANCE = 3;

/** What facets and filters read: category and brand codes, price range, stock, title hash. */
export const F_CATEGORY = 4;
/** -1: no brand. */
export const F_BRAND = 5;
/** Price range index, with IN_STOCK above it. */
export const F_PRICE_STOCK = 6;
/** hashText of the title key: the exact-title test compares strings only when it agrees. */
export const F_TITLE_HASH = 7;
/** The tie-breaks after relevance (popularity, creation time in microseconds) and the sale price in cents, as Float64 slots (bytes 32–55). */
export const T_POPULARITY = 4;
export const T_CREATED = 5;
export const T_SALE_CENTS = 6;
export const PRICE_RANGE_MASK = 0xff;
export const IN_STOCK = 1 << 8;
/** A product's price in none of SEARCH_PRICE_RANGES (a negative price). */
export const NO_PRICE_RANGE = 0xff;
