import type { CartProduct } from "@reelmart/core/api/cart";
import { describe, expect, it } from "vitest";
import { CartStockError, EMPTY_CART, addLocal, setQuantityLocal } from "./cart-state.ts";

const hoodie: CartProduct = {
  id: "p1",
  title: "Hoodie",
  price: "2000.00",
  discountPercentage: 0,
  stock: 5,
  thumbnailUrl: null,
  brand: null,
  hasVariants: true,
  marketplaceIds: [],
};
const medium = { id: "v-m", size: "M", color: null, stock: 2, priceAdjustment: "0.00" };
const large = { id: "v-l", size: "L", color: null, stock: 3, priceAdjustment: "100.00" };

describe("the signed-out cart", () => {
  it("keeps one line per variant, priced with its adjustment", () => {
    const cart = addLocal(addLocal(EMPTY_CART, hoodie, medium, 1), hoodie, large, 2);
    expect(cart.items.map((item) => [item.variant?.size, item.quantity, item.lineTotal])).toEqual([
      ["M", 1, "2000.00"],
      ["L", 2, "4200.00"],
    ]);
    expect(cart.total).toBe("6200.00");
  });

  it("respects the variant's stock, as the server does", () => {
    const cart = addLocal(EMPTY_CART, hoodie, medium, 2);
    expect(() => addLocal(cart, hoodie, medium, 1)).toThrow(new CartStockError("Only 2 in stock and 2 already in your cart"));
    expect(() => setQuantityLocal(cart, cart.items[0]!.id, 3)).toThrow("Only 2 in stock");
    expect(setQuantityLocal(cart, cart.items[0]!.id, 0).items).toEqual([]);
  });
});
