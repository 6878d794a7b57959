import type { Cart, CartItem, CartProduct } from "@reelmart/core/api/cart";
import { discountedPaise, fromPaise } from "@reelmart/core/format";

export const EMPTY_CART: Cart = { items: [], totalQuantity: 0, total: "0.00" };

/** Recomputes line and order totals in integer paise (DESIGN.md: money is never a float sum). */
export function withTotals(items: Omit<CartItem, "lineTotal" | "unitPrice">[]): Cart {
  let totalPaise = 0;
  let totalQuantity = 0;
  const priced = items.map((item) => {
    const unitPaise = discountedPaise(item.product.price, item.product.discountPercentage);
    const linePaise = unitPaise * item.quantity;
    totalPaise += linePaise;
    totalQuantity += item.quantity;
    return { ...item, unitPrice: fromPaise(unitPaise), lineTotal: fromPaise(linePaise) };
  });
  return { items: priced, totalQuantity, total: fromPaise(totalPaise) };
}

/** Signed-out carts are local only (000 §4): the same rules as the server, applied in memory. */
export function addLocal(cart: Cart, product: CartProduct, quantity: number): Cart {
  const existing = cart.items.find((item) => item.productId === product.id);
  if (existing) {
    return withTotals(cart.items.map((item) => (item === existing ? { ...item, quantity: item.quantity + quantity } : item)));
  }
  return withTotals([...cart.items, { id: `local-${product.id}`, productId: product.id, quantity, product }]);
}

export function setQuantityLocal(cart: Cart, productId: string, quantity: number): Cart {
  if (quantity <= 0) return withTotals(cart.items.filter((item) => item.productId !== productId));
  return withTotals(cart.items.map((item) => (item.productId === productId ? { ...item, quantity } : item)));
}
