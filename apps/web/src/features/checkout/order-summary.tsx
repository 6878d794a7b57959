import type { CartItem } from "@reelmart/core/api/cart";
import { type cartInMarketplace, variantLabel } from "@reelmart/core/cart-lines";
import { formatPrice, fromPaise } from "@reelmart/core/format";
import { RupeesNote } from "../../shared/orders/rupees-note.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";

interface OrderSummaryProps {
  /** The cart as the marketplace sells it: only its sold lines are ordered. */
  market: ReturnType<typeof cartInMarketplace<CartItem>>;
  feePaise: number;
  totalPaise: number;
  marketplaceId: string | null;
  /** The order total from which delivery is free, shown while a fee is charged. */
  freeDeliveryFrom: string;
}

/** The lines being ordered at the server's prices, the subtotal, delivery and total. */
export function OrderSummary({ market, feePaise, totalPaise, marketplaceId, freeDeliveryFrom }: OrderSummaryProps) {
  return (
    <section aria-labelledby="summary-heading" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
      <h2 id="summary-heading" className="text-base font-semibold">
        Order summary
      </h2>
      <ul aria-label="Items in this order" className="mt-3 divide-y divide-neutral-900">
        {market.sold.map((item) => (
          <li key={item.id} className="flex items-center gap-3 py-2 text-sm">
            <ProductImage src={item.product.thumbnailUrl} alt="" className="size-12 shrink-0 rounded-lg" />
            <div className="min-w-0 flex-1">
              <p className="line-clamp-1 font-medium text-white">{item.product.title}</p>
              <p className="text-xs text-neutral-400">
                {[variantLabel(item.variant), `${item.quantity} × ${formatPrice(item.unitPrice)}`].filter(Boolean).join(" · ")}
              </p>
            </div>
            <p className="font-medium text-white">{formatPrice(item.lineTotal)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-neutral-900 pt-3 text-sm">
        <div className="flex justify-between text-neutral-300">
          <dt>
            Subtotal ({market.totalQuantity} {market.totalQuantity === 1 ? "item" : "items"})
          </dt>
          <dd>{formatPrice(market.total)}</dd>
        </div>
        <div className="flex justify-between text-neutral-300">
          <dt>Delivery</dt>
          <dd>{feePaise ? formatPrice(fromPaise(feePaise)) : "Free"}</dd>
        </div>
        <div className="flex justify-between text-base font-semibold text-white">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatPrice(fromPaise(totalPaise))}</dd>
        </div>
        <p className="text-xs text-neutral-400">Inclusive of all taxes</p>
        <RupeesNote marketplaceId={marketplaceId} />
        {feePaise ? <p className="text-xs text-neutral-400">Free delivery on orders from {formatPrice(freeDeliveryFrom)}</p> : null}
      </dl>
    </section>
  );
}
