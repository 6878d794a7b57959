import type { FeedItem } from "@reelmart/core/api/feed";
import { formatPrice } from "@reelmart/core/format";
import { baseProductId } from "@reelmart/core/ids";
import { BadgeCheck, ShoppingCart, Star } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAddToCart } from "../../shared/cart/use-cart.ts";

const PLACEHOLDER = "/placeholder.svg";

/** The product block at the bottom of a video card (001 §2 "Video card"). */
export function ProductOverlay({ item }: { item: FeedItem }) {
  const navigate = useNavigate();
  const { addToCart, buyNow } = useAddToCart();
  const [expanded, setExpanded] = useState(false);
  const [thumbnail, setThumbnail] = useState(item.thumbnailUrl ?? PLACEHOLDER);
  const productId = baseProductId(item.id);
  const discounted = item.discountPercentage > 0;

  return (
    <div className="flex flex-col gap-2 text-white" data-gesture-ignore>
      <div className="flex items-center gap-3">
        <img
          src={thumbnail}
          alt=""
          width={44}
          height={44}
          onError={() => setThumbnail(PLACEHOLDER)}
          className="size-11 shrink-0 rounded-lg bg-neutral-800 object-cover ring-1 ring-white/20"
        />
        <div className="min-w-0">
          <h2 className="line-clamp-1 text-base leading-tight font-semibold drop-shadow">{item.title}</h2>
          {item.brand && (
            <Link
              to={`/brand-shop/${item.brand.id}`}
              className="inline-flex items-center gap-1 text-sm font-medium text-white/85 drop-shadow hover:underline"
            >
              @{item.brand.name}
              {item.brand.verified && <BadgeCheck className="size-4 text-sky-400" aria-label="Verified brand" />}
            </Link>
          )}
        </div>
      </div>
      <p className="flex items-baseline gap-2 drop-shadow">
        <span className="text-lg font-bold">{formatPrice(item.price)}</span>
        {discounted && <span className="rounded bg-rose-500/90 px-1.5 py-0.5 text-xs font-semibold">{item.discountPercentage}% off</span>}
      </p>
      {item.description && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? "Show less of the description" : "Show more of the description"}
          onClick={() => setExpanded((value) => !value)}
          className={`text-left text-sm text-white/85 drop-shadow ${expanded ? "max-h-40 overflow-y-auto" : "line-clamp-2"}`}
        >
          {item.description}
        </button>
      )}
      <div className="flex items-center gap-2 pt-1">
        <button
          type="button"
          onClick={() => void buyNow(item)}
          className="h-10 rounded-full bg-white px-5 text-sm font-semibold text-black shadow active:scale-95"
        >
          Buy Now
        </button>
        <button
          type="button"
          aria-label="Add to cart"
          onClick={() => void addToCart(item)}
          className="flex size-10 items-center justify-center rounded-full bg-white/20 backdrop-blur-sm active:scale-95"
        >
          <ShoppingCart className="size-5" aria-hidden />
        </button>
        <button
          type="button"
          aria-label={`Rated ${item.rating.toFixed(1)}, ${item.reviews} reviews: open reviews`}
          onClick={() => void navigate(`/product-profile/${productId}?tab=reviews`)}
          className="flex h-10 items-center gap-1 rounded-full bg-white/20 px-3 text-sm font-medium backdrop-blur-sm active:scale-95"
        >
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
          {item.rating.toFixed(1)}
          <span className="text-white/70">({item.reviews})</span>
        </button>
      </div>
    </div>
  );
}
