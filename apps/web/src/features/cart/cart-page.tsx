import type { CartItem } from "@reelmart/core/api/cart";
import { cartInMarketplace, lineStock, notSoldSentence, variantLabel } from "@reelmart/core/cart-lines";
import { formatPrice } from "@reelmart/core/format";
import { Minus, Plus, ShoppingCart, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { type CheckoutState, useCart } from "../../shared/cart/use-cart.ts";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { RupeesNote } from "../../shared/orders/rupees-note.tsx";
import { PageHeader } from "../../shared/ui/page-header.tsx";
import { BrowseProductsLink, ProductRow } from "../../shared/product/product-row.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { LoadError } from "../../shared/ui/load-error.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { Price } from "../../shared/product/price.tsx";

/** The cart; the router's RequireAuth keeps it to signed-in users (000 §2). */
export function CartPage() {
  const { items, totalQuantity, isLoading, loadError, reload, stepQuantity, remove, clear } = useCart();
  const { selectedId: marketplaceId, selected } = useMarketplace();
  // Lines the chosen marketplace does not list stay in the cart, marked, out of the total (decision 212).
  const market = cartInMarketplace(items, marketplaceId);
  const marketplaceName = selected?.name ?? "this marketplace";
  const checkout = (useLocation().state as CheckoutState | null)?.checkout === true;
  const summaryRef = useRef<HTMLElement>(null);
  // A line from before variants existed has none chosen yet: the shopper picks one on the product page.
  const needsChoice = items.some((item) => item.product.hasVariants && !item.variant);
  const cannotCheckOut = needsChoice || market.unsold.length > 0;

  // Buy Now lands here in checkout state: bring the order summary into view and focus.
  useEffect(() => {
    if (checkout && !isLoading && items.length) {
      summaryRef.current?.scrollIntoView({ block: "end" });
      summaryRef.current?.focus({ preventScroll: true });
    }
  }, [checkout, isLoading, items.length]);

  return (
    <div className="flex min-h-full flex-col pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader
        title={totalQuantity ? `Cart (${totalQuantity})` : "Cart"}
        actions={
          items.length ? (
            <button
              type="button"
              onClick={() => void clear()}
              className="rounded-full px-3 py-1.5 text-sm text-neutral-300 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white"
            >
              Clear
            </button>
          ) : null
        }
      />
      {isLoading ? (
        <Spinner label="Loading cart" className="py-20" />
      ) : loadError ? (
        <LoadError what="your cart" error={loadError} onRetry={reload} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<ShoppingCart />}
          title="Your cart is empty"
          description="Products you add to your cart will appear here"
          action={<BrowseProductsLink />}
        />
      ) : (
        <>
          <ul aria-label="Cart items" className="divide-y divide-neutral-900 px-4">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                notSoldIn={market.unsold.includes(item) ? marketplaceName : null}
                onStep={(delta) => void stepQuantity(item.id, delta)}
                onRemove={() => void remove(item.id)}
              />
            ))}
          </ul>
          <section
            ref={summaryRef}
            tabIndex={-1}
            aria-labelledby="order-summary"
            className="mx-4 mt-4 rounded-2xl border border-neutral-800 bg-neutral-950 p-4 focus:outline-none"
          >
            <h2 id="order-summary" className="text-base font-semibold">
              {checkout ? "Checkout" : "Order summary"}
            </h2>
            <dl className="mt-3 space-y-1 text-sm">
              <div className="flex justify-between text-neutral-400">
                <dt>Items</dt>
                <dd>{market.totalQuantity}</dd>
              </div>
              <div className="flex justify-between text-base font-semibold text-white">
                <dt>Total</dt>
                <dd data-testid="cart-total">{formatPrice(market.total)}</dd>
              </div>
            </dl>
            <RupeesNote marketplaceId={marketplaceId} className="mt-1" />
            {market.unsold.length ? (
              <p className="mt-3 text-sm text-amber-400">
                {notSoldSentence(
                  market.unsold.map((item) => item.product.title),
                  marketplaceName,
                )}
              </p>
            ) : null}
            {needsChoice ? (
              <p className="mt-3 text-sm text-amber-400">Choose a size or colour for every item before checking out.</p>
            ) : null}
            <Link
              to="/checkout"
              aria-disabled={cannotCheckOut || undefined}
              onClick={(event) => (cannotCheckOut ? event.preventDefault() : undefined)}
              className="mt-4 flex w-full items-center justify-center rounded-full bg-rose-600 px-5 py-3 text-base font-semibold text-white hover:bg-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-rose-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            >
              Proceed to checkout
            </Link>
          </section>
        </>
      )}
    </div>
  );
}

interface CartLineProps {
  item: CartItem;
  /** The chosen marketplace's name when it does not list the product: the line is out of the total. */
  notSoldIn: string | null;
  onStep: (delta: number) => void;
  onRemove: () => void;
}

function CartLine({ item, notSoldIn, onStep, onRemove }: CartLineProps) {
  const { product, quantity } = item;
  const stock = lineStock(item);
  const atStock = quantity >= stock;
  const options = variantLabel(item.variant);
  const name = options ? `${product.title} (${options})` : product.title;
  const stepper = "rounded-full p-1.5 text-neutral-200 hover:bg-neutral-800 disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <ProductRow
      productId={product.id}
      product={product}
      detail={
        <>
          {product.brand ? <span className="block text-xs text-neutral-400">{product.brand.name}</span> : null}
          {options ? <span className="block text-xs text-neutral-300">{options}</span> : null}
          {product.hasVariants && !item.variant ? (
            <Link to={`/product/${product.id}`} className="block text-xs font-semibold text-amber-400 hover:underline">
              Choose a size or colour
            </Link>
          ) : null}
          <Price price={product.price} discountPercentage={product.discountPercentage} priceAdjustment={item.variant?.priceAdjustment} />
          {notSoldIn ? <span className="block text-xs font-semibold text-amber-400">Not sold in {notSoldIn}</span> : null}
        </>
      }
      action={
        <button
          type="button"
          aria-label={`Remove ${name} from cart`}
          onClick={onRemove}
          className="rounded-full p-2 text-neutral-400 hover:bg-neutral-800 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      }
    >
      <div className="flex items-center justify-between">
        <div role="group" aria-label={`Quantity of ${name}`} className="flex items-center gap-1 rounded-full border border-neutral-800">
          <button type="button" aria-label="Decrease quantity" onClick={() => onStep(-1)} className={stepper}>
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <span aria-live="polite" className="min-w-6 text-center text-sm tabular-nums">
            {quantity}
          </span>
          <button type="button" aria-label="Increase quantity" disabled={atStock} onClick={() => onStep(1)} className={stepper}>
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
        {notSoldIn ? null : <p className="text-sm font-semibold">{formatPrice(item.lineTotal)}</p>}
      </div>
      {atStock ? <p className="mt-1 text-xs text-amber-400">Only {stock} in stock</p> : null}
    </ProductRow>
  );
}
