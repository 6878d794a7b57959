import { z } from "zod";
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_MAX_TERM_LENGTH } from "../constants.ts";
import { CursorSchema, ProductSummarySchema } from "./catalog.ts";
import { UuidSchema } from "./ids.ts";
import { safeText } from "./text.ts";

// GET /api/search (issue #16, decision 140): typo-tolerant product search with facets and sorting.

export const SEARCH_SORTS = ["relevance", "price-asc", "price-desc", "newest", "popular"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

/** Price facet buckets in rupees of the sale price: min inclusive, max exclusive (null: no bound). */
export const SEARCH_PRICE_RANGES = [
  { id: "under-500", min: 0, max: 500 },
  { id: "500-1000", min: 500, max: 1000 },
  { id: "1000-2500", min: 1000, max: 2500 },
  { id: "2500-5000", min: 2500, max: 5000 },
  { id: "5000-plus", min: 5000, max: null },
] as const;
export type SearchPriceRangeId = (typeof SEARCH_PRICE_RANGES)[number]["id"];
const PRICE_RANGE_IDS = SEARCH_PRICE_RANGES.map((range) => range.id) as [SearchPriceRangeId, ...SearchPriceRangeId[]];

const searchText = (label: string) => safeText(label).max(SEARCH_MAX_TERM_LENGTH);

export const SearchQuerySchema = z.object({
  q: searchText("Search").default(""),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  marketplaceId: UuidSchema.optional(),
  cursor: CursorSchema.optional(),
  sort: z.enum(SEARCH_SORTS).default("relevance"),
  category: searchText("Category").optional(),
  brandId: UuidSchema.optional(),
  price: z.enum(PRICE_RANGE_IDS).optional(),
  inStock: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchFacetsSchema = z.object({
  categories: z.array(z.object({ value: z.string(), count: z.number().int() })),
  brands: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  priceRanges: z.array(z.object({ id: z.enum(PRICE_RANGE_IDS), count: z.number().int() })),
  inStock: z.number().int(),
});
export type SearchFacets = z.infer<typeof SearchFacetsSchema>;

export const SearchSuggestionSchema = z.object({
  kind: z.enum(["product", "brand", "category"]),
  text: z.string(),
  /** The product's or brand's id; a category is its name. */
  id: z.string(),
});
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

export const SearchResultSchema = z.object({
  items: z.array(ProductSummarySchema),
  nextCursor: z.string().nullable(),
  /** Products matching the term and every filter. */
  total: z.number().int(),
  /** Each facet counts the products matching the term and every other facet's filter. */
  facets: SearchFacetsSchema,
  /** The term with its misspelt words corrected, when only corrections found products. */
  didYouMean: z.string().nullable(),
  suggestions: z.array(SearchSuggestionSchema),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const POPULAR_SEARCHES_LIMIT = 8;
export const PopularSearchesSchema = z.object({ items: z.array(z.string()) });
export type PopularSearches = z.infer<typeof PopularSearchesSchema>;
