import type { SearchPriceRangeId } from "@reelmart/core/api/search";

// What the two ways of answering a search share (decisions 140 and 141): the SQL over the index
// tables (search.service.ts) and the same index held in memory (read-model/search-snapshot.ts) take the same
// candidates and return the same ranked row, so the service assembles one result from either.

/** Words of a longer term beyond this many are ignored: a 200-character term could hold 100. */
export const SEARCH_MAX_WORDS = 8;
/** A word this long also matches the dictionary words it begins. */
export const MIN_PREFIX_LETTERS = 2;
/** A word this long also matches the dictionary words containing it (the spec's substring rule). */
export const MIN_SUBSTRING_LETTERS = 3;
/** Dictionary words one query word may expand to by prefix or by substring, shortest first. */
export const MAX_EXPANSIONS = 200;
export const SUGGESTED_TITLES = 4;
export const FACET_VALUES = 20;

/** How a dictionary word matched a query word; lower is better. */
export const Kind = { Exact: 0, Prefix: 1, Substring: 2 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/** Fields of the index, in ranking order (migration 0070). */
export const FIELD_BRAND = 1;
export const FIELD_CATEGORY = 2;

export interface WordMatch {
  /** Position of the query word. */
  position: number;
  word: string;
  typos: number;
  kind: Kind;
}

export interface Candidates {
  /** The term's words as the index folds them (case, accents, punctuation), distinct, in order. */
  words: string[];
  /** All the folded words, as a title equal to the term would be keyed. */
  titleKey: string;
  matches: WordMatch[];
}

/** Typos weigh more than an inexact (prefix or substring) match; both fit one digit. */
export const cost = (match: Pick<WordMatch, "typos" | "kind">) => match.typos * 10 + match.kind;

/** The ranked page, its facets and its suggestions' raw material, as the ranking statement returns them. */
export interface RankedRow {
  page: string[];
  top_titles: { id: string; title: string }[];
  total: number;
  without_typos: boolean;
  exact_words: boolean;
  categories: { value: string; count: number; hit: boolean }[];
  brands: { id: string; name: string; count: number; hit: boolean }[];
  price_ranges: Record<SearchPriceRangeId, number>;
  in_stock: number;
}
