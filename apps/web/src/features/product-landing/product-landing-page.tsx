import type { ProductDetail } from "@reelmart/core/api/catalog";
import { formatDay } from "@reelmart/core/format";
import { BadgeCheck, Check, Clock, ShoppingCart, Star, Tag, Zap } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router";
import { useAddToCart } from "../../shared/cart/use-cart.ts";
import { NotFoundWithBack, PageHeader } from "../../shared/ui/page-header.tsx";
import { ABOUT_FALLBACK } from "../../shared/product/product-header.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { bootPictureShown, removeBootPictureAfterPaint, useBootPictureUntilShown } from "../../shared/product/boot-picture.ts";
import { useProduct } from "../../shared/product/api/get-product.ts";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useDeferredArrival } from "../../shared/hooks/use-deferred-arrival.ts";
import { Price } from "../../shared/product/price.tsx";
import { OptionGroup, useVariantSelection } from "../../shared/product/variant-options.tsx";
import { activePromotion, highlights, offers, specificationChoices, specificationRows } from "./landing-rules.ts";
import { Button } from "../../shared/ui/button.tsx";

/**
 * State the feed swipe passes (001 §2): where the shopper came from. Its skipAddToCart flag needs no
 * reading: arriving never adds to the cart (docs/decisions/051-purchase-route-auto-add.md).
 */
interface LandingState {
  from?: string;
}

export function ProductLandingPage() {
  const { id = "" } = useParams();
  const product = useProduct(id);
  // The answer renders as a transition (in slices), the loading state meanwhile.
  const data = useDeferredArrival(product.data);
  const loading = (product.isPending && product.fetchStatus !== "idle") || (product.data !== undefined && data === undefined);
  useBootPictureUntilShown(loading || product.data !== undefined);
  if (loading) {
    // The server's copy of the first picture covers the gallery's box (decision 162): the spinner goes below it.
    return bootPictureShown() ? (
      <div className="flex h-full flex-col">
        <div aria-hidden="true" className="mt-14 aspect-square w-full shrink-0" />
        <Spinner label="Loading product details..." className="min-h-0 flex-1" />
      </div>
    ) : (
      <Spinner label="Loading product details..." className="h-full" />
    );
  }
  if (!data) {
    return <NotFoundWithBack title="Product not found" />;
  }
  return <Landing product={data} />;
}

function Landing({ product }: { product: ProductDetail }) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LandingState;
  const { addToCart, buyNow } = useAddToCart();
  // Starts on a variant in stock at the advertised price, so one tap on Buy Now works; the pickers change it.
  const { selection, pick, sizes: variantSizes, colors: variantColors, variant } = useVariantSelection(product.variants);

  // /purchase/{id} is a link to buy, not a purchase: it leaves the cart alone and puts focus on Buy Now,
  // so one deliberate tap (or Enter) completes it (docs/decisions/051-purchase-route-auto-add.md).
  const isPurchase = location.pathname.startsWith("/purchase/");

  const sizes = product.variants.length ? variantSizes : specificationChoices(product, "sizes");
  const colors = product.variants.length ? variantColors : specificationChoices(product, "colors");
  const promotion = activePromotion(product);
  const highlightList = highlights(product);
  const offerList = offers(product.specifications);
  const specs = specificationRows(product.specifications);
  const images = product.media.filter((media) => media.type === "image");
  // The first entry is firstGalleryImageUrl's: the page HTML preloads it (decision 094) and paints a copy in its box (decision 162).
  const gallery = images.length ? images.map((image) => ({ id: image.id, url: image.url })) : [{ id: "thumbnail", url: product.thumbnailUrl }];
  // The choice always names a variant in stock while one is (variant-selection.ts): none means none is left.
  const stock = product.variants.length ? (variant?.stock ?? 0) : product.stock;
  const cannotBuy = stock <= 0;

  const back = () => (state.from ? void navigate(state.from) : undefined);

  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+5rem)]">
      {state.from ? (
        <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-neutral-900 bg-[#0b0b0f]/90 pr-(--badge-space) pl-2 backdrop-blur">
          <Button variant="bare" onClick={back} className="rounded-full px-3 py-2 text-sm text-neutral-200 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white">
            ← Back
          </Button>
          <h1 className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold break-words">{product.title}</h1>
        </header>
      ) : (
        <PageHeader title={product.title} />
      )}

      {/* Focusable so keyboard users can scroll the images (arrow keys); it holds no links or buttons. */}
      <ul
        aria-label="Product images"
        tabIndex={0}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-white"
      >
        {gallery.map((image, index) => (
          <li key={image.id} className="w-full shrink-0 snap-center">
            <ProductImage
              src={image.url}
              alt={`${product.title}, image ${index + 1} of ${gallery.length}`}
              eager={index === 0}
              onSettled={index === 0 ? removeBootPictureAfterPaint : undefined}
              className="aspect-square w-full"
            />
          </li>
        ))}
      </ul>

      <div className="flex flex-col gap-5 px-4 pt-4">
        <section aria-label="Price" className="flex flex-col gap-1">
          {product.brand ? (
            <Link to={`/brand-shop/${product.brand.id}`} className="inline-flex w-fit items-center gap-1 text-sm text-neutral-300 hover:underline">
              {product.brand.name}
              {product.brand.verified ? <BadgeCheck aria-label="Verified brand" className="size-4 text-sky-400" /> : null}
            </Link>
          ) : null}
          <h2 className="text-xl leading-tight font-semibold">{product.title}</h2>
          <Link to={`/product-profile/${product.id}?tab=reviews`} className="inline-flex w-fit items-center gap-1 text-sm text-neutral-300">
            <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
            {product.rating.toFixed(1)} <span className="text-neutral-400">({product.reviews} reviews)</span>
          </Link>
          <p className="mt-1" data-testid="landing-price">
            <Price price={product.price} priceAdjustment={variant?.priceAdjustment} discountPercentage={product.discountPercentage} size="xl" />
          </p>
          {promotion ? (
            <p className="flex items-center gap-1.5 text-sm text-amber-300">
              <Clock aria-hidden="true" className="size-4" />
              {promotion.label ?? "Limited-time offer"}
              {promotion.promoEndDate ? <span className="text-amber-200/80">· ends {formatDay(promotion.promoEndDate)}</span> : null}
            </p>
          ) : null}
          <p className={`text-sm ${stock > 0 ? "text-neutral-400" : "text-rose-400"}`}>{stock > 0 ? `${stock} in stock` : "Out of stock"}</p>
        </section>

        {sizes.length ? <OptionGroup tone="dark" label="Size" choices={sizes} value={selection.size} onPick={(value) => pick("size", value)} /> : null}
        {colors.length ? <OptionGroup tone="dark" label="Colour" choices={colors} value={selection.color} onPick={(value) => pick("color", value)} /> : null}

        <IconList id="highlights" title="Highlights" items={highlightList} icon={<Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-400" />} />

        <IconList id="offers" title="Offers" items={offerList} icon={<Tag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose-400" />} />

        <section aria-labelledby="about">
          <h2 id="about" className="mb-1 text-base font-semibold">About</h2>
          <p className="text-sm whitespace-pre-line text-neutral-400">
            {product.description.trim() || ABOUT_FALLBACK}
          </p>
        </section>

        {specs.length ? (
          <section aria-labelledby="specifications">
            <h2 id="specifications" className="mb-2 text-base font-semibold">Specifications</h2>
            <dl className="divide-y divide-neutral-900 rounded-xl border border-neutral-800">
              {specs.map(([key, value]) => (
                <div key={key} className="flex gap-3 px-3 py-2 text-sm">
                  <dt className="w-2/5 shrink-0 text-neutral-400">{key}</dt>
                  <dd className="min-w-0 break-words text-neutral-200">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
        ) : null}

        <Link to={`/product-profile/${product.id}`} className="text-sm text-neutral-300 underline">
          Videos, reviews and similar products
        </Link>
      </div>

      <div className="fixed inset-x-0 bottom-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom))] z-30 mx-auto flex max-w-[480px] gap-3 border-t border-neutral-900 bg-[#0b0b0f]/95 p-3 backdrop-blur">
        <Button
          variant="bare"
          disabled={cannotBuy}
          onClick={() => void addToCart(product, 1, { variant: variant ?? null })}
          className="flex flex-1 items-center justify-center gap-2 rounded-full border border-neutral-700 py-3 text-sm font-semibold disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white"
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          Add to cart
        </Button>
        <Button
          variant="bare"
          disabled={cannotBuy}
          onClick={() => void buyNow(product, 1, { variant: variant ?? null })}
          autoFocus={isPurchase}
          className="flex flex-1 items-center justify-center gap-2 rounded-full bg-rose-700 py-3 text-sm font-semibold text-white hover:bg-rose-600 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Zap aria-hidden="true" className="size-4" />
          Buy Now
        </Button>
      </div>
    </div>
  );
}

/** A titled list of short lines, each behind the same icon; nothing when the list is empty. */
function IconList({ id, title, items, icon }: { id: string; title: string; items: readonly string[]; icon: ReactNode }) {
  if (!items.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-base font-semibold">
        {title}
      </h2>
      <ul className="flex flex-col gap-1.5">
        {items.map((item) => (
          <li key={item} className="flex gap-2 text-sm text-neutral-300">
            {icon}
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
