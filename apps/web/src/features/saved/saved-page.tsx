import { formatPrice } from "@reelmart/core/format";
import { Bookmark, BookmarkX } from "lucide-react";
import { Link } from "react-router";
import { RequireSignIn } from "../../shared/cart/require-sign-in.tsx";
import { PageHeader } from "../../shared/product/page-header.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { useProductsById } from "../../shared/product/product-queries.ts";
import { useSaved } from "../../shared/saved/use-saved.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";

export function SavedPage() {
  return (
    <RequireSignIn>
      <SavedList />
    </RequireSignIn>
  );
}

function SavedList() {
  const { ids, toggle } = useSaved();
  const products = useProductsById(ids);

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Saved" />
      {ids.length === 0 ? (
        <EmptyState
          icon={<Bookmark />}
          title="No saved items"
          description="Items you save will appear here"
          action={
            <Link to="/" className="mt-2 rounded-full bg-white px-5 py-2 text-sm font-medium text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
              Browse products
            </Link>
          }
        />
      ) : products.isPending && products.fetchStatus !== "idle" ? (
        <Spinner label="Loading saved items" className="py-20" />
      ) : (
        <ul aria-label="Saved items" className="divide-y divide-neutral-900 px-4">
          {ids.map((id) => {
            const product = products.data?.get(id);
            return (
              <li key={id} className="flex items-center gap-3 py-3">
                {product ? (
                  <Link to={`/product/${id}`} className="flex min-w-0 flex-1 items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-white">
                    <ProductImage src={product.thumbnailUrl} alt="" className="size-16 shrink-0 rounded-lg" />
                    <span className="min-w-0">
                      <span className="line-clamp-2 text-sm font-medium">{product.title}</span>
                      <span className="block text-sm text-neutral-300">{formatPrice(product.price)}</span>
                    </span>
                  </Link>
                ) : (
                  <div className="flex min-w-0 flex-1 items-center gap-3">
                    <ProductImage src={null} alt="" className="size-16 shrink-0 rounded-lg" />
                    <span className="text-sm text-neutral-400">Product not available</span>
                  </div>
                )}
                <button
                  type="button"
                  aria-label={product ? `Remove ${product.title} from saved` : "Remove from saved"}
                  onClick={() => toggle({ id })}
                  className="rounded-full p-2 text-neutral-400 hover:bg-neutral-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
                >
                  <BookmarkX aria-hidden="true" className="size-5" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
