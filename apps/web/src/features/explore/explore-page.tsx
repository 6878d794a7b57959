import { Search, Store } from "lucide-react";
import { Link } from "react-router";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { ProductGrid, ProductGridSkeleton } from "../../shared/product/product-grid.tsx";
import { useProductList } from "../../shared/product/api/get-products.ts";
import { useCategories } from "./api/get-categories.ts";
import { useTrendingProducts } from "./api/get-trending-products.ts";

const CATEGORY_ROW_LIMIT = 6;

export function ExplorePage() {
  const { selectedId } = useMarketplace();
  const categories = useCategories();
  const trending = useTrendingProducts(selectedId);

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader
        title="Explore"
        back={false}
        actions={
          <>
            <Link to="/brand-directory" aria-label="Brands" className="rounded-full p-2 text-neutral-200 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white">
              <Store aria-hidden="true" className="size-5" />
            </Link>
            <Link to="/search" aria-label="Search" className="rounded-full p-2 text-neutral-200 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white">
              <Search aria-hidden="true" className="size-5" />
            </Link>
          </>
        }
      />
      <div className="flex flex-col gap-8 px-4 pt-4">
        <section aria-labelledby="trending">
          <h2 id="trending" className="mb-3 text-base font-semibold">
            Trending
          </h2>
          {trending.isPending ? (
            <ProductGridSkeleton columns={3} count={6} />
          ) : trending.data?.length ? (
            <ProductGrid products={trending.data} columns={3} label="Trending products" />
          ) : (
            <p className="text-sm text-neutral-400">No trending products yet.</p>
          )}
        </section>
        {categories.isPending ? <ProductGridSkeleton /> : null}
        {categories.data?.map((category) => <CategoryRow key={category.name} category={category.name} marketplaceId={selectedId} />)}
      </div>
    </div>
  );
}

function CategoryRow({ category, marketplaceId }: { category: string; marketplaceId: string | null }) {
  const products = useProductList({ category, marketplaceId, limit: CATEGORY_ROW_LIMIT });
  // A category with nothing in this marketplace is left out rather than shown empty.
  if (products.isSuccess && products.data.items.length === 0) return null;
  const id = `category-${category.replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-base font-semibold">
        {category}
      </h2>
      {products.data ? <ProductGrid products={products.data.items} columns={3} label={`${category} products`} /> : <ProductGridSkeleton columns={3} count={3} />}
    </section>
  );
}
