import { describe, expect, it } from "vitest";
import { cartInMarketplace, notSoldSentence, soldIn } from "./cart-lines.ts";

const INDIA = "0a1b2c3d-0000-4000-8000-000000000001";
const UAE = "0a1b2c3d-0000-4000-8000-000000000002";

const line = (title: string, quantity: number, lineTotal: string, marketplaceIds: string[]) => ({ title, quantity, lineTotal, product: { marketplaceIds } });

describe("a cart in the chosen marketplace (decision 212)", () => {
  it("sells a line only where its product is listed, and every line when no marketplace is chosen", () => {
    expect(soldIn([INDIA], INDIA)).toBe(true);
    expect(soldIn([INDIA], UAE.toUpperCase())).toBe(false);
    expect(soldIn([INDIA.toUpperCase()], INDIA)).toBe(true);
    expect(soldIn([], UAE)).toBe(false);
    expect(soldIn([], null)).toBe(true);
  });

  it("leaves lines not sold there out of the quantity and the total, in paise", () => {
    const saree = line("Silk saree", 1, "4999.00", [INDIA]);
    const lamp = line("Lamp", 3, "0.10", [INDIA, UAE]);
    const mug = line("Mug", 2, "0.20", [INDIA, UAE]);
    const inUae = cartInMarketplace([saree, lamp, mug], UAE);
    expect(inUae).toEqual({ sold: [lamp, mug], unsold: [saree], totalQuantity: 5, total: "0.30" });
    expect(cartInMarketplace([saree, lamp, mug], INDIA)).toMatchObject({ unsold: [], totalQuantity: 6, total: "4999.30" });
  });

  it("says which lines stop the order, and what to do", () => {
    expect(notSoldSentence(["Silk saree"], "United Arab Emirates")).toBe("Silk saree is not sold in United Arab Emirates. Remove it from your cart to place this order.");
    expect(notSoldSentence(["Silk saree", "Kurta"], "United Arab Emirates")).toBe("2 items in your cart are not sold in United Arab Emirates. Remove them to place this order.");
  });
});
