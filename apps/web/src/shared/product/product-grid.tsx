import type { ProductSummary } from "@reelmart/core/api/catalog";
import { Link } from "react-router";
import { Skeleton } from "../ui/skeleton.tsx";
import { ProductImage } from "./product-image.tsx";
import { Price } from "./price.tsx";

interface ProductGridProps {
  products: ProductSummary[];
  /** Where a tile leads; the landing page by default. */
  hrefFor?: (product: ProductSummary) => string;
  /** 3 columns for compact grids (similar products, 001 §2), 2 otherwise. */
  columns?: 2 | 3;
  label: string;
}

const defaultHref = (product: ProductSummary) => `/product/${product.id}`;

/** Square image, title and the price paid (list price struck through when discounted): the product tile every catalogue list uses. */
export function ProductGrid({ products, hrefFor = defaultHref, columns = 2, label }: ProductGridProps) {
  return (
    <ul aria-label={label} className={`grid gap-3 ${columns === 3 ? "grid-cols-3" : "grid-cols-2"}`}>
      {products.map((product, index) => (
        <li key={product.id}>
          <Link
            to={hrefFor(product)}
            className="group block rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <ProductImage src={product.thumbnailUrl} alt="" eager={index < 4} className="aspect-square w-full rounded-xl" />
            <p className={`mt-1.5 line-clamp-2 font-medium text-neutral-100 ${columns === 3 ? "text-xs" : "text-sm"}`}>{product.title}</p>
            <Price price={product.price} discountPercentage={product.discountPercentage} size={columns === 3 ? "sm" : "md"} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 6, columns = 2 }: { count?: number; columns?: 2 | 3 }) {
  return (
    <div className={`grid gap-3 ${columns === 3 ? "grid-cols-3" : "grid-cols-2"}`}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index}>
          <Skeleton className="aspect-square w-full" />
          <Skeleton className="mt-2 h-3 w-3/4" />
          <Skeleton className="mt-1 h-3 w-1/3" />
        </div>
      ))}
    </div>
  );
}
