import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { SearchField } from "../../shared/ui/search-field.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Skeleton } from "../../shared/ui/skeleton.tsx";
import { useBrandDirectory } from "./api/get-brands.ts";
import { useDebounced } from "../../shared/hooks/use-debounced.ts";
import { Button } from "../../shared/ui/button.tsx";

export function BrandDirectoryPage() {
  const [input, setInput] = useState("");
  const q = useDebounced(input.trim(), 300);
  const brands = useBrandDirectory(q);
  const items = brands.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Brands" />
      <div className="px-4 pt-3">
        <SearchField label="Search brands" value={input} onValueChange={setInput} placeholder="Search brands" />
      </div>
      {brands.isPending ? (
        <div className="flex flex-col gap-3 p-4">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-14" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState title={q ? `No brands match "${q}"` : "No brands yet"} />
      ) : (
        <ul aria-label="Brands" className="divide-y divide-neutral-900 px-4 pt-2">
          {items.map((brand) => (
            <li key={brand.id}>
              <Link to={`/brand-shop/${brand.id}`} className="flex items-center gap-3 py-3 focus-visible:outline-2 focus-visible:outline-white">
                <ProductImage src={brand.logoUrl} alt="" className="size-12 shrink-0 rounded-full" />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1 font-medium">
                    <span className="truncate">{brand.name}</span>
                    {brand.verified ? <BadgeCheck aria-label="Verified brand" className="size-4 shrink-0 text-sky-400" /> : null}
                  </span>
                  <span className="block text-xs text-neutral-400">
                    {brand.productCount} {brand.productCount === 1 ? "product" : "products"}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {brands.hasNextPage ? (
        <div className="flex justify-center p-4">
          <Button
            variant="bare"
            disabled={brands.isFetchingNextPage}
            onClick={() => void brands.fetchNextPage()}
            className="rounded-full border border-neutral-700 px-5 py-2 text-sm disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-white"
          >
            {brands.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
