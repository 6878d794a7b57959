import type { ProductDetail } from "@reelmart/core/api/catalog";
import { coverImageUrl } from "@reelmart/core/product-images";
import { BadgeCheck, ExternalLink, ShoppingCart, Star, Zap } from "lucide-react";
import { Link } from "react-router";
import { useAddToCart } from "../cart/use-cart.ts";
import { removeBootPictureAfterPaint } from "./boot-picture.ts";
import { ProductImage } from "./product-image.tsx";
import { Button } from "../ui/button.tsx";

export const ABOUT_FALLBACK = "No description available for this product. Check the details tab for more information.";

interface ProductHeaderProps {
  product: ProductDetail;
  /** The landing-page button is pointless on the landing page itself. */
  showLandingLink?: boolean;
  onReviews?: () => void;
  /** The video this page was opened from: adds and Buy Now here are counted for it (decision 150). */
  fromMediaId?: string | null;
}

/** 001 §2 "Product header (shared by landing and profile)". */
export function ProductHeader({ product, showLandingLink = true, onReviews, fromMediaId = null }: ProductHeaderProps) {
  const { addToCart, buyNow, picker } = useAddToCart();
  const round =
    "flex size-12 items-center justify-center rounded-full group-focus-visible:outline-2 group-focus-visible:outline-offset-2 group-focus-visible:outline-white";
  // A round icon with its name written under it: the icons alone did not say what they do.
  const labelled = "group flex w-20 flex-col items-center gap-1.5 text-xs font-medium text-neutral-300 focus-visible:outline-none";
  return (
    <section aria-labelledby="product-title">
      {/* The product profile's first picture: the server painted a copy of it here (decision 162). */}
      <ProductImage src={coverImageUrl(product)} alt="" eager onSettled={removeBootPictureAfterPaint} className="aspect-[3/1] w-full" />
      <div className="-mt-8 flex items-end gap-3 px-4">
        <ProductImage
          src={product.thumbnailUrl}
          alt={`${product.title} thumbnail`}
          eager
          className="size-20 shrink-0 rounded-2xl border-2 border-[#0b0b0f]"
        />
        <div className="min-w-0 flex-1 pb-1">
          <h2 id="product-title" className="line-clamp-2 text-lg leading-tight font-semibold">
            {product.title}
          </h2>
          <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            {product.brand ? (
              <Link to={`/brand-shop/${product.brand.id}`} className="inline-flex items-center gap-1 text-neutral-300 hover:text-white hover:underline">
                {product.brand.name}
                {product.brand.verified ? <BadgeCheck aria-label="Verified brand" className="size-4 text-sky-400" /> : null}
              </Link>
            ) : null}
            <RatingButton rating={product.rating} reviews={product.reviews} onClick={onReviews} />
          </div>
        </div>
      </div>
      <div className="mt-4 px-4">
        <h3 className="text-sm font-semibold text-neutral-200">About</h3>
        <p className="mt-1 text-sm whitespace-pre-line text-neutral-400">{product.description.trim() || ABOUT_FALLBACK}</p>
      </div>
      <div className="mt-4 flex justify-center gap-4 px-4">
        {showLandingLink ? (
          <Link to={`/product/${product.id}`} aria-label="Open landing page" className={labelled}>
            <span className={`${round} bg-neutral-800 text-white group-hover:bg-neutral-700`}>
              <ExternalLink aria-hidden="true" className="size-5" />
            </span>
            <span aria-hidden="true">Landing page</span>
          </Link>
        ) : null}
        <button type="button" aria-label="Add to cart" onClick={() => void addToCart(product, 1, { mediaId: fromMediaId })} className={labelled}>
          <span className={`${round} bg-neutral-800 text-white group-hover:bg-neutral-700`}>
            <ShoppingCart aria-hidden="true" className="size-5" />
          </span>
          <span aria-hidden="true">Add to cart</span>
        </button>
        <button type="button" aria-label="Buy now" onClick={() => void buyNow(product, 1, { mediaId: fromMediaId })} className={labelled}>
          <span className={`${round} bg-rose-500 text-white group-hover:bg-rose-400`}>
            <Zap aria-hidden="true" className="size-5" />
          </span>
          <span aria-hidden="true">Buy now</span>
        </button>
      </div>
      {picker}
    </section>
  );
}

function RatingButton({ rating, reviews, onClick }: { rating: number; reviews: number; onClick?: () => void }) {
  const content = (
    <>
      <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
      <span className="font-medium text-neutral-100">{rating.toFixed(1)}</span>
      <span className="text-neutral-400">({reviews} {reviews === 1 ? "review" : "reviews"})</span>
    </>
  );
  const label = `Rated ${rating.toFixed(1)} out of 5 from ${reviews} ${reviews === 1 ? "review" : "reviews"}`;
  return onClick ? (
    <Button variant="bare" onClick={onClick} aria-label={label} className="inline-flex items-center gap-1 rounded focus-visible:outline-2 focus-visible:outline-white">
      {content}
    </Button>
  ) : (
    <span aria-label={label} role="img" className="inline-flex items-center gap-1">
      {content}
    </span>
  );
}
