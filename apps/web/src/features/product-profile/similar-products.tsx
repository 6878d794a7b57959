import { ProductGrid, ProductGridSkeleton } from "../../shared/product/product-grid.tsx";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { useSimilarProducts } from "./api/get-similar-products.ts";

/** 001 §2 "Similar Products": 3 columns with title and price; a tap opens the feed in 'similar' mode. */
export function SimilarProducts({ productId }: { productId: string }) {
  const { selectedId } = useMarketplace();
  const similar = useSimilarProducts(productId, selectedId);
  if (similar.isSuccess && similar.data.items.length === 0) return null;
  return (
    <section aria-labelledby="similar-products" className="px-4 py-6">
      <h2 id="similar-products" className="mb-3 text-base font-semibold">
        Similar Products
      </h2>
      {similar.isPending ? (
        <ProductGridSkeleton columns={3} count={3} />
      ) : similar.isError ? (
        <p className="text-sm text-neutral-400">Could not load similar products.</p>
      ) : (
        <ProductGrid products={similar.data.items} columns={3} label="Similar products" hrefFor={(product) => `/?similar=${product.id}`} />
      )}
    </section>
  );
}
