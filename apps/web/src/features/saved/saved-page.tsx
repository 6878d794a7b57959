import { Bookmark, BookmarkX } from "lucide-react";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { useProductsById } from "../../shared/product/api/get-products-by-id.ts";
import { BrowseProductsLink, ProductRow } from "../../shared/product/product-row.tsx";
import { useSaved } from "../../shared/saved/use-saved.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { Price } from "../../shared/product/price.tsx";
import { Button } from "../../shared/ui/button.tsx";

/** 001 §2 "Saved items"; the router's RequireAuth keeps it to signed-in users. */
export function SavedPage() {
  const { ids, toggle } = useSaved();
  const products = useProductsById(ids);

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title="Saved" />
      {ids.length === 0 ? (
        <EmptyState icon={<Bookmark />} title="No saved items" description="Items you save will appear here" action={<BrowseProductsLink />} />
      ) : products.isPending && products.fetchStatus !== "idle" ? (
        <Spinner label="Loading saved items" className="py-20" />
      ) : (
        <ul aria-label="Saved items" className="divide-y divide-neutral-900 px-4">
          {ids.map((id) => {
            const product = products.data?.get(id);
            return (
              <ProductRow
                key={id}
                productId={id}
                product={product}
                detail={product ? <Price price={product.price} discountPercentage={product.discountPercentage} /> : null}
                action={
                  <Button
                    variant="bare"
                    aria-label={product ? `Remove ${product.title} from saved` : "Remove from saved"}
                    onClick={() => toggle({ id })}
                    className="rounded-full p-2 text-neutral-400 hover:bg-neutral-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <BookmarkX aria-hidden="true" className="size-5" />
                  </Button>
                }
              />
            );
          })}
        </ul>
      )}
    </div>
  );
}
