import type { ProductDetail } from "@reelmart/core/api/catalog";
import { describe, expect, it } from "vitest";
import { activePromotion, highlights, offers, specificationChoices, specificationRows } from "./landing-rules.ts";

const variant = (size: string | null, color: string | null, stock: number, priceAdjustment = "0.00") => ({
  id: `${size}-${color}`,
  size,
  color,
  colorHex: color === "Red" ? "#ff0000" : null,
  stock,
  priceAdjustment,
  imageUrl: null,
});

const product = (overrides: Partial<ProductDetail> = {}) =>
  ({ price: "999.00", stock: 5, variants: [], highlights: [], promotions: [], specifications: {}, ...overrides }) as unknown as ProductDetail;

describe("landing page rules", () => {
  it("falls back to the specifications' sizes, highlights and offers, and lists the rest", () => {
    const p = product({
      specifications: { sizes: ["S"], highlights: ["Light"], offers: ["5% cashback", { title: "EMI", description: "No cost" }], batteryLife: "20h", weight_grams: 200 },
    });
    expect(specificationChoices(p, "sizes")).toEqual([{ value: "S", label: "S", inStock: true }]);
    // A product with variants is chosen by its variants' options (shared/product/variant-selection.ts).
    expect(specificationChoices({ ...p, variants: [variant("M", null, 1)] } as ProductDetail, "sizes")).toEqual([]);
    expect(highlights(p)).toEqual(["Light"]);
    expect(offers(p.specifications)).toEqual(["5% cashback", "EMI: No cost"]);
    expect(specificationRows(p.specifications)).toEqual([
      ["Battery Life", "20h"],
      ["Weight grams", "200"],
    ]);
  });

  it("orders highlights by display order and finds the running promotion", () => {
    const p = product({
      highlights: [
        { id: "b", text: "Second", displayOrder: 2 },
        { id: "a", text: "First", displayOrder: 1 },
      ],
      promotions: [
        { id: "old", hasPromotion: true, label: "Old", promoEndDate: "2020-01-01T00:00:00Z" },
        { id: "now", hasPromotion: true, label: "Now", promoEndDate: "2999-01-01T00:00:00Z" },
      ],
    });
    expect(highlights(p)).toEqual(["First", "Second"]);
    expect(activePromotion(p)?.id).toBe("now");
  });
});
