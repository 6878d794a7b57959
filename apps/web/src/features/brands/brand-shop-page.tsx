import { formatNumber } from "@reelmart/core/format";
import { BadgeCheck, Store } from "lucide-react";
import { useParams } from "react-router";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { NotFoundWithBack, PageHeader } from "../../shared/ui/page-header.tsx";
import { ProductGrid, ProductGridSkeleton } from "../../shared/product/product-grid.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { useProductList } from "../../shared/product/api/get-products.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useBrand } from "./api/get-brand.ts";

export function BrandShopPage() {
  const { id = "" } = useParams();
  const brand = useBrand(id);
  const { selectedId } = useMarketplace();
  const products = useProductList({ brandId: id, marketplaceId: selectedId, limit: 60 }, brand.isSuccess);

  if (brand.isPending && brand.fetchStatus !== "idle") return <Spinner label="Loading brand" className="h-full" />;
  if (!brand.data) {
    return <NotFoundWithBack title="Brand not found" />;
  }
  const { name, coverImageUrl, logoUrl, verified, followersCount, productCount, description } = brand.data;
  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title={name} />
      {/* The cover is 1200x400 (3:1), the placeholder's size when a brand has no website (000 §3). */}
      <ProductImage src={coverImageUrl} alt="" eager className="aspect-[3/1] w-full" />
      <div className="-mt-8 flex items-end gap-3 px-4">
        <ProductImage src={logoUrl} alt={`${name} logo`} eager className="size-20 shrink-0 rounded-full border-4 border-[#0b0b0f]" />
        <div className="min-w-0 pb-1">
          <h2 className="flex items-center gap-1 text-xl font-semibold">
            <span className="truncate">{name}</span>
            {verified ? <BadgeCheck aria-label="Verified brand" className="size-5 shrink-0 text-sky-400" /> : null}
          </h2>
          <p className="text-sm text-neutral-400">
            {formatNumber(followersCount)} followers · {formatNumber(productCount)} {productCount === 1 ? "product" : "products"}
          </p>
        </div>
      </div>
      {description ? <p className="mt-3 px-4 text-sm text-neutral-400">{description}</p> : null}
      <section aria-labelledby="brand-products" className="mt-6 px-4">
        <h2 id="brand-products" className="mb-3 text-base font-semibold">
          Products
        </h2>
        {products.isPending ? (
          <ProductGridSkeleton />
        ) : products.data?.items.length ? (
          <ProductGrid products={products.data.items} label={`${name} products`} />
        ) : (
          <EmptyState icon={<Store />} title="No products yet" description="This brand has no products in the selected marketplace." />
        )}
      </section>
    </div>
  );
}
