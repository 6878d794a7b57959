import type { ReactNode } from "react";
import { Link } from "react-router";
import { ProductImage } from "./product-image.tsx";

interface ProductRowProps {
  productId: string;
  /** Missing when the product is gone from the catalogue: the row says 'Product not available' (001 §2). */
  product: { title: string; thumbnailUrl: string | null } | null | undefined;
  /** The line under the title: a price, or price × quantity. */
  detail?: ReactNode;
  /** Controls under the link (the cart's quantity stepper); a link must not contain buttons. */
  children?: ReactNode;
  /** The end of the row: a remove button or a chevron. */
  action?: ReactNode;
}

/** One product in a list (cart, saved items, the profile's tabs): thumbnail and title linking to /product/{id}. */
export function ProductRow({ productId, product, detail, children, action }: ProductRowProps) {
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        {product ? (
          <Link to={`/product/${productId}`} className="flex items-center gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-white">
            <ProductImage src={product.thumbnailUrl} alt="" className="size-16 shrink-0 rounded-lg" />
            <span className="min-w-0">
              <span className="line-clamp-2 text-sm font-medium text-white">{product.title}</span>
              {detail ? <span className="block text-sm text-neutral-300">{detail}</span> : null}
            </span>
          </Link>
        ) : (
          <div className="flex items-center gap-3">
            <ProductImage src={null} alt="" className="size-16 shrink-0 rounded-lg" />
            <span className="text-sm text-neutral-400">Product not available</span>
          </div>
        )}
        {/* Lined up under the title: the thumbnail (4rem) plus the gap (0.75rem). */}
        {children ? <div className="mt-2 pl-19">{children}</div> : null}
      </div>
      {action}
    </li>
  );
}

/** The 'Browse products' action of every empty product list (cart, saved, the profile's Saved tab): back to the feed. */
export function BrowseProductsLink() {
  return (
    <Link to="/" className="mt-2 rounded-full bg-white px-5 py-2 text-sm font-medium text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
      Browse products
    </Link>
  );
}
