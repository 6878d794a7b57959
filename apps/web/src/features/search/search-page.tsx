import { SEARCH_PRICE_RANGES, SEARCH_SORTS, type SearchFacets, type SearchPriceRangeId, type SearchSort, type SearchSuggestion } from "@reelmart/core/api/search";
import { FEED_SEARCH_DEBOUNCE_MS } from "@reelmart/core/feed-search";
import { formatPrice } from "@reelmart/core/format";
import { Clock, Search, SearchX, Tag, TrendingUp, Store, LayoutGrid } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useDebounced } from "../../shared/hooks/use-debounced.ts";
import { shopperMessage } from "../../shared/api/shopper-message.ts";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { ProductGrid, ProductGridSkeleton } from "../../shared/product/product-grid.tsx";
import { type SearchFilters, useProductSearch } from "../../shared/search/api/search-products.ts";
import { Button } from "../../shared/ui/button.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { FieldFrame, controlClass } from "../../shared/ui/field.tsx";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { SearchField } from "../../shared/ui/search-field.tsx";
import { usePopularSearches } from "./api/get-popular-searches.ts";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "./recent-searches.ts";
import { useLoadMoreWhenVisible } from "./use-load-more-when-visible.ts";

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: "Relevance",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  newest: "Newest",
  popular: "Most popular",
};

function priceLabel(id: SearchPriceRangeId): string {
  const range = SEARCH_PRICE_RANGES.find((entry) => entry.id === id)!;
  if (range.min === 0) return `Under ${formatPrice(range.max!)}`;
  return range.max === null ? `${formatPrice(range.min)} and above` : `${formatPrice(range.min)} – ${formatPrice(range.max)}`;
}

const isSort = (value: string | null): value is SearchSort => SEARCH_SORTS.includes(value as SearchSort);
const isPriceRange = (value: string | null): value is SearchPriceRangeId => SEARCH_PRICE_RANGES.some((range) => range.id === value);

/** Filters and sort live in the URL, beside the term, so back/forward and reloads keep them. */
function filtersFrom(params: URLSearchParams): SearchFilters {
  const sort = params.get("sort");
  const price = params.get("price");
  return {
    sort: isSort(sort) ? sort : "relevance",
    category: params.get("category") ?? undefined,
    brandId: params.get("brandId") ?? undefined,
    price: isPriceRange(price) ? price : undefined,
    inStock: params.get("inStock") === "true",
  };
}

function paramsFrom(term: string, filters: SearchFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (term) params.q = term;
  if (filters.sort && filters.sort !== "relevance") params.sort = filters.sort;
  if (filters.category) params.category = filters.category;
  if (filters.brandId) params.brandId = filters.brandId;
  if (filters.price) params.price = filters.price;
  if (filters.inStock) params.inStock = "true";
  return params;
}

/** The /search screen: results as you type, suggestions, facets, sorting and more on scroll. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get("q") ?? "");
  const [filters, setFilters] = useState(() => filtersFrom(params));
  const [typing, setTyping] = useState(false);
  const term = useDebounced(input.trim(), FEED_SEARCH_DEBOUNCE_MS);
  const { selectedId } = useMarketplace();
  const request = useMemo(() => ({ q: term, marketplaceId: selectedId, ...filters }), [term, selectedId, filters]);
  const results = useProductSearch(request);
  const [recent, setRecent] = useState(readRecentSearches);
  const popular = usePopularSearches();

  useEffect(() => {
    setParams(paramsFrom(term, filters), { replace: true });
  }, [term, filters, setParams]);

  const firstPage = results.data?.pages[0];
  const items = useMemo(() => results.data?.pages.flatMap((page) => page.items) ?? [], [results.data]);
  const showingTerm = results.isPlaceholderData ? null : term;

  // A search that found something is worth remembering.
  useEffect(() => {
    if (showingTerm && firstPage?.items.length) setRecent((current) => rememberSearch(showingTerm, current));
  }, [showingTerm, firstPage]);

  const loadMore = useLoadMoreWhenVisible(() => {
    if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
  });

  const pickTerm = (next: string) => {
    setInput(next);
    setTyping(false);
  };
  const changeFilters = (change: Partial<SearchFilters>) => setFilters((current) => ({ ...current, ...change }));
  const filtered = Boolean(filters.category || filters.brandId || filters.price || filters.inStock);

  let body: ReactNode;
  if (!term) {
    body = (
      <StartScreen
        recent={recent}
        popular={popular.data ?? []}
        onPick={pickTerm}
        onClearRecent={() => setRecent(clearRecentSearches())}
      />
    );
  } else if (results.isPending) {
    body = <ProductGridSkeleton />;
  } else if (results.isError) {
    body = <EmptyState title="Search failed" description={shopperMessage(results.error)} action={<Button onClick={() => void results.refetch()}>Try again</Button>} />;
  } else if (!items.length) {
    body = (
      <EmptyState
        icon={<SearchX />}
        title={`No results for "${term}"`}
        description={filtered ? "No product matches every filter. Clear them to see all results." : "Try different keywords or check spelling"}
        action={
          filtered ? (
            <Button variant="outline" onClick={() => setFilters({ sort: filters.sort })}>
              Clear filters
            </Button>
          ) : popular.data?.length ? (
            <TermChips title="Popular searches" terms={popular.data} onPick={pickTerm} />
          ) : null
        }
      />
    );
  } else {
    body = (
      <>
        {firstPage?.didYouMean ? (
          <p className="mb-3 text-sm text-neutral-300">
            Did you mean{" "}
            <Button variant="link" onClick={() => pickTerm(firstPage.didYouMean!)}>
              {firstPage.didYouMean}
            </Button>
            ? Showing its closest matches.
          </p>
        ) : null}
        <p className="mb-3 text-sm text-neutral-400" aria-live="polite">
          {firstPage?.total === 1 ? "1 product found" : `${firstPage?.total ?? items.length} products found`}
        </p>
        <ProductGrid products={items} label="Search results" />
        <div ref={loadMore} className="flex justify-center py-6">
          {results.hasNextPage ? (
            <Button variant="outline" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
              {results.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Search" />
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setTyping(false);
        }}
        className="relative px-4 pt-3"
      >
        <SearchField
          label="Search products"
          value={input}
          onValueChange={(value) => {
            setInput(value);
            setTyping(true);
          }}
          onBlur={() => setTimeout(() => setTyping(false), 150)}
          autoFocus
          clearable
          placeholder="Search products, brands, categories"
          autoComplete="off"
        />
        {typing && term && firstPage?.suggestions.length ? (
          <Suggestions
            suggestions={firstPage.suggestions}
            onCategory={(category) => {
              changeFilters({ category });
              setTyping(false);
            }}
          />
        ) : null}
      </form>
      {term && firstPage && (firstPage.total > 0 || filtered) ? (
        <Refinements facets={firstPage.facets} filters={filters} onChange={changeFilters} />
      ) : null}
      <div className="px-4 pt-4">{body}</div>
    </div>
  );
}

function StartScreen({ recent, popular, onPick, onClearRecent }: { recent: string[]; popular: string[]; onPick(term: string): void; onClearRecent(): void }) {
  if (!recent.length && !popular.length) {
    return <EmptyState icon={<Search />} title="Search the shop" description="Find products by name, brand, category or description" />;
  }
  return (
    <div className="flex flex-col gap-6">
      {recent.length ? (
        <section aria-labelledby="recent-searches">
          <div className="mb-2 flex items-center justify-between">
            <h2 id="recent-searches" className="text-sm font-semibold">
              Recent searches
            </h2>
            <Button variant="bare" onClick={onClearRecent} className="text-xs text-neutral-400 hover:text-white">
              Clear
            </Button>
          </div>
          <ul className="flex flex-col">
            {recent.map((item) => (
              <li key={item}>
                <Button variant="bare" onClick={() => onPick(item)} className="flex w-full items-center gap-3 py-2 text-left text-sm text-neutral-200">
                  <Clock aria-hidden="true" className="size-4 text-neutral-500" />
                  {item}
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {popular.length ? <TermChips title="Popular searches" terms={popular} onPick={onPick} /> : null}
    </div>
  );
}

function TermChips({ title, terms, onPick }: { title: string; terms: string[]; onPick(term: string): void }) {
  return (
    <section aria-label={title} className="w-full">
      <h2 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <TrendingUp aria-hidden="true" className="size-4 text-neutral-500" />
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {terms.map((item) => (
          <li key={item}>
            <Button variant="outline" size="sm" onClick={() => onPick(item)}>
              {item}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

const SUGGESTION_ICONS = { product: Search, brand: Store, category: LayoutGrid } as const;

function Suggestions({ suggestions, onCategory }: { suggestions: SearchSuggestion[]; onCategory(category: string): void }) {
  return (
    // Pressing a row must not blur the search box first, or the list would close before the click lands.
    <ul
      aria-label="Suggestions"
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-4 top-full z-20 mt-1 overflow-hidden rounded-xl border border-neutral-800 bg-neutral-950 shadow-lg"
    >
      {suggestions.map((suggestion) => {
        const Icon = SUGGESTION_ICONS[suggestion.kind];
        const content = (
          <>
            <Icon aria-hidden="true" className="size-4 shrink-0 text-neutral-500" />
            <span className="min-w-0 flex-1 truncate">{suggestion.text}</span>
            {suggestion.kind === "product" ? null : <span className="text-xs text-neutral-400">{suggestion.kind === "brand" ? "Brand" : "Category"}</span>}
          </>
        );
        const rowClass = "flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm text-neutral-200 hover:bg-neutral-900";
        return (
          <li key={`${suggestion.kind}-${suggestion.id}`}>
            {suggestion.kind === "category" ? (
              <Button variant="bare" className={rowClass} onClick={() => onCategory(suggestion.id)}>
                {content}
              </Button>
            ) : (
              <Link className={rowClass} to={suggestion.kind === "brand" ? `/brand-shop/${suggestion.id}` : `/product/${suggestion.id}`}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button
      variant="bare"
      aria-pressed={pressed}
      onClick={onClick}
      className={`shrink-0 rounded-full border px-3 py-1.5 text-xs font-medium ${pressed ? "border-white bg-white text-black" : "border-neutral-700 text-neutral-200 hover:bg-neutral-900"}`}
    >
      {children}
    </Button>
  );
}

/** Sorting and the facets of the results, each with how many products choosing it leaves. */
function Refinements({ facets, filters, onChange }: { facets: SearchFacets; filters: SearchFilters; onChange(change: Partial<SearchFilters>): void }) {
  return (
    <div className="flex flex-col gap-2 px-4 pt-3">
      <FieldFrame label="Sort by" className="flex items-center gap-2 text-sm [&_label]:shrink-0 [&_label]:text-neutral-400">
        {(control) => (
          <select {...control} value={filters.sort ?? "relevance"} onChange={(event) => onChange({ sort: event.target.value as SearchSort })} className={`${controlClass} py-2 text-sm`}>
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        )}
      </FieldFrame>
      <div role="group" aria-label="Filters" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        <Chip pressed={Boolean(filters.inStock)} onClick={() => onChange({ inStock: !filters.inStock })}>
          In stock ({facets.inStock})
        </Chip>
        {facets.categories.map((category) => (
          <Chip key={category.value} pressed={filters.category === category.value} onClick={() => onChange({ category: filters.category === category.value ? undefined : category.value })}>
            <Tag aria-hidden="true" className="mr-1 inline size-3" />
            {category.value} ({category.count})
          </Chip>
        ))}
        {facets.brands.map((brand) => (
          <Chip key={brand.id} pressed={filters.brandId === brand.id} onClick={() => onChange({ brandId: filters.brandId === brand.id ? undefined : brand.id })}>
            {brand.name} ({brand.count})
          </Chip>
        ))}
        {facets.priceRanges.map((range) => (
          <Chip key={range.id} pressed={filters.price === range.id} onClick={() => onChange({ price: filters.price === range.id ? undefined : range.id })}>
            {priceLabel(range.id)} ({range.count})
          </Chip>
        ))}
      </div>
    </div>
  );
}
