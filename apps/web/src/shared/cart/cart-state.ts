import type { Cart, CartItem, CartProduct, CartVariant } from "@reelmart/core/api/cart";
import { lineStock, stockShortfall } from "@reelmart/core/cart-lines";
import { priceLines } from "@reelmart/core/pricing";

export const EMPTY_CART: Cart = { items: [], totalQuantity: 0, total: "0.00" };

/** Recomputes line and order totals with the server's pricing rule (core pricing.ts). */
export function withTotals(items: Omit<CartItem, "lineTotal" | "unitPrice">[]): Cart {
  const { items: priced, totalQuantity, total } = priceLines(items);
  return { items: priced, totalQuantity, total };
}

/** The local cart refused a quantity for the reason the server would give. */
export class CartStockError extends Error {}

const localLineId = (productId: string, variantId: string | null) => `local-${productId}-${variantId ?? "none"}`;

/**
 * Signed-out carts are local only (000 §4): the server's rules applied in memory: one line per
 * product and variant, bounded by the variant's (or product's) stock, priced by core's rule.
 */
export function addLocal(cart: Cart, product: CartProduct, variant: CartVariant | null, quantity: number, mediaId: string | null = null): Cart {
  const variantId = variant?.id ?? null;
  const existing = cart.items.find((item) => item.productId === product.id && item.variantId === variantId);
  const shortfall = stockShortfall(lineStock({ product, variant }), quantity, existing?.quantity ?? 0);
  if (shortfall) throw new CartStockError(shortfall);
  if (existing) {
    return withTotals(cart.items.map((item) => (item === existing ? { ...item, quantity: item.quantity + quantity } : item)));
  }
  return withTotals([...cart.items, { id: localLineId(product.id, variantId), productId: product.id, variantId, mediaId, quantity, product, variant }]);
}

export function setQuantityLocal(cart: Cart, lineId: string, quantity: number): Cart {
  if (quantity <= 0) return withTotals(cart.items.filter((item) => item.id !== lineId));
  const line = cart.items.find((item) => item.id === lineId);
  const shortfall = line ? stockShortfall(lineStock(line), quantity) : null;
  if (shortfall) throw new CartStockError(shortfall);
  return withTotals(cart.items.map((item) => (item.id === lineId ? { ...item, quantity } : item)));
}
