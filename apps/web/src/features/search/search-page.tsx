import type { ProductSummary } from "@reelmart/core/api/catalog";
import { SEARCH_DEFAULT_LIMIT } from "@reelmart/core/constants";
import { useQuery } from "@tanstack/react-query";
import { Clock, Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { apiRequest } from "../../shared/api/client.ts";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { PageHeader } from "../../shared/product/page-header.tsx";
import { ProductGrid, ProductGridSkeleton } from "../../shared/product/product-grid.tsx";
import { useDebounced } from "../../shared/product/use-debounced.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { clearRecentSearches, readRecentSearches, rememberSearch } from "./recent-searches.ts";

function useProductSearch(q: string, marketplaceId: string | null) {
  return useQuery({
    queryKey: ["search", q, marketplaceId],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ items: ProductSummary[] }>("/search", { signal, query: { q, marketplaceId, limit: SEARCH_DEFAULT_LIMIT } })).items,
    // Blank terms skip the server search (001 §5).
    enabled: q.length > 0,
    placeholderData: (previous) => previous,
  });
}

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const [input, setInput] = useState(params.get("q") ?? "");
  const term = useDebounced(input.trim(), 300);
  const { selectedId } = useMarketplace();
  const results = useProductSearch(term, selectedId);
  const [recent, setRecent] = useState(readRecentSearches);

  // The term lives in the URL so back/forward and reloads keep the results.
  useEffect(() => {
    setParams(term ? { q: term } : {}, { replace: true });
  }, [term, setParams]);

  // A search that found something is worth remembering.
  useEffect(() => {
    if (term && results.isSuccess && results.data.length) setRecent((current) => rememberSearch(term, current));
  }, [term, results.isSuccess, results.data]);

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Search" />
      <form role="search" onSubmit={(event) => event.preventDefault()} className="px-4 pt-3">
        <label className="flex items-center gap-2 rounded-full border border-neutral-800 bg-neutral-900 px-4 py-2">
          <Search aria-hidden="true" className="size-4 text-neutral-400" />
          <span className="sr-only">Search products</span>
          <input
            type="search"
            value={input}
            autoFocus
            onChange={(event) => setInput(event.target.value)}
            placeholder="Search products, brands, categories"
            className="min-w-0 flex-1 bg-transparent text-sm text-white placeholder:text-neutral-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
          />
          {input ? (
            <button type="button" aria-label="Clear search" onClick={() => setInput("")} className="rounded-full p-0.5 text-neutral-400 hover:text-white">
              <X aria-hidden="true" className="size-4" />
            </button>
          ) : null}
        </label>
      </form>
      <div className="px-4 pt-4">
        {!term ? (
          recent.length ? (
            <section aria-labelledby="recent-searches">
              <div className="mb-2 flex items-center justify-between">
                <h2 id="recent-searches" className="text-sm font-semibold">
                  Recent searches
                </h2>
                <button type="button" onClick={() => setRecent(clearRecentSearches())} className="text-xs text-neutral-400 hover:text-white">
                  Clear
                </button>
              </div>
              <ul className="flex flex-col">
                {recent.map((item) => (
                  <li key={item}>
                    <button type="button" onClick={() => setInput(item)} className="flex w-full items-center gap-3 py-2 text-left text-sm text-neutral-200">
                      <Clock aria-hidden="true" className="size-4 text-neutral-500" />
                      {item}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <EmptyState icon={<Search />} title="Search the shop" description="Find products by name, brand, category or description" />
          )
        ) : results.isPending ? (
          <ProductGridSkeleton />
        ) : results.isError ? (
          <EmptyState title="Search failed" description={results.error.message} />
        ) : results.data.length === 0 ? (
          <EmptyState title={`No results for "${term}"`} description="Try different keywords or check spelling" />
        ) : (
          <>
            <p className="mb-3 text-sm text-neutral-400" aria-live="polite">
              {results.data.length === 1 ? "1 product found" : `${results.data.length} products found`}
            </p>
            <ProductGrid products={results.data} label="Search results" />
          </>
        )}
      </div>
    </div>
  );
}
