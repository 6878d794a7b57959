import type { FeedItem } from "@reelmart/core/api/feed";
import { baseProductId } from "@reelmart/core/ids";
import { BadgeCheck, ShoppingCart, Star } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { useAddToCart } from "../../shared/cart/use-cart.ts";
import { profileFromVideo } from "../../shared/product/profile-link.ts";
import { Price } from "../../shared/product/price.tsx";
import { Button } from "../../shared/ui/button.tsx";
import { useMediaEvents } from "../../shared/ui/use-media-events.ts";

const PLACEHOLDER = "/placeholder.svg";

/** The product block at the bottom of a video card (001 §2 "Video card"); `mediaId` is the card's video. */
export function ProductOverlay({ item, mediaId }: { item: FeedItem; mediaId: string | null }) {
  const navigate = useNavigate();
  const { addToCart, buyNow, picker } = useAddToCart();
  // The video on screen is the one that led to the sale (kept on the order line for attribution).
  const fromVideo = { mediaId };
  const [expanded, setExpanded] = useState(false);
  const [thumbnail, setThumbnail] = useState(item.thumbnailUrl ?? PLACEHOLDER);
  const productId = baseProductId(item.id);
  const thumbnailElement = useRef<HTMLImageElement>(null);
  // Created in a transition's render, the picture may fail before it is mounted: read on mount.
  const thumbnailEvents = useMediaEvents(thumbnailElement, { error: () => setThumbnail(PLACEHOLDER) });

  return (
    <div className="flex flex-col gap-2 text-white" data-gesture-ignore>
      <div className="flex items-center gap-3">
        <img
          src={thumbnail}
          alt=""
          width={44}
          height={44}
          ref={thumbnailElement}
          {...thumbnailEvents}
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
      <p className="drop-shadow">
        <Price price={item.price} discountPercentage={item.discountPercentage} size="lg" />
      </p>
      {item.description && (
        <Button
          variant="bare"
          aria-expanded={expanded}
          aria-label={expanded ? "Show less of the description" : "Show more of the description"}
          onClick={() => setExpanded((value) => !value)}
          className={`text-left text-sm text-white/85 drop-shadow ${expanded ? "max-h-40 overflow-y-auto" : "line-clamp-2"}`}
        >
          {item.description}
        </Button>
      )}
      <div className="flex items-center gap-2 pt-1">
        <Button
          variant="bare"
          onClick={() => void buyNow(item, 1, fromVideo)}
          className="h-10 rounded-full bg-white px-5 text-sm font-semibold text-black shadow active:scale-95"
        >
          Buy Now
        </Button>
        <Button
          variant="bare"
          aria-label="Add to cart"
          onClick={() => void addToCart(item, 1, fromVideo)}
          className="flex size-10 items-center justify-center rounded-full bg-white/20 backdrop-blur-sm active:scale-95"
        >
          <ShoppingCart className="size-5" aria-hidden />
        </Button>
        <Button
          variant="bare"
          aria-label={`Rated ${item.rating.toFixed(1)}, ${item.reviews} reviews: open reviews`}
          onClick={() => void navigate(profileFromVideo(productId, mediaId, "reviews"))}
          className="flex h-10 items-center gap-1 rounded-full bg-white/20 px-3 text-sm font-medium backdrop-blur-sm active:scale-95"
        >
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
          {item.rating.toFixed(1)}
          <span className="text-white/70">({item.reviews})</span>
        </Button>
      </div>
      {picker}
    </div>
  );
}
