import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fromPaise } from "./format.ts";
import { priceLines, unitPricePaise } from "./pricing.ts";

describe("unitPricePaise", () => {
  it("rounds a discounted price to the nearest whole rupee, half up", () => {
    expect(unitPricePaise("64999.00", 8)).toBe(5_979_900); // 59,799.08
    expect(unitPricePaise("4999.00", 20)).toBe(399_900); // 3,999.20
    expect(unitPricePaise("999.99", 12.5)).toBe(87_500); // 874.99125
    expect(unitPricePaise("101.00", 50)).toBe(5_100); // 50.50, half up
    expect(unitPricePaise("100.00", 12.5)).toBe(8_800); // 87.50, half up
    expect(unitPricePaise("100.00", 150)).toBe(0);
  });

  it("keeps an undiscounted price to the paisa", () => {
    expect(unitPricePaise("1999.99", 0)).toBe(199_999);
    expect(unitPricePaise("0.10", 0)).toBe(10);
  });

  it("adds the variant's adjustment before the discount, never below zero", () => {
    expect(unitPricePaise("4999.00", 20, "200.00")).toBe(415_900); // 4,159.20
    expect(unitPricePaise("100.00", 0, "-25.50")).toBe(7_450);
    expect(unitPricePaise("100.00", 10, "-200.00")).toBe(0);
  });

  it("is whole rupees whenever a discount applies, and never above the list price", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), fc.integer({ min: 1, max: 10_000 }), (paise, basisPoints) => {
        const price = fromPaise(paise);
        const paid = unitPricePaise(price, basisPoints / 100);
        expect(paid % 100).toBe(0);
        expect(paid).toBeLessThanOrEqual(Math.round(paise / 100) * 100);
        expect(Math.abs(paid - (paise * (10_000 - basisPoints)) / 10_000)).toBeLessThanOrEqual(50);
      }),
    );
  });
});

describe("priceLines", () => {
  it("sums line totals in integer paise", () => {
    const priced = priceLines([
      { quantity: 3, product: { price: "0.10", discountPercentage: 0 } },
      { quantity: 2, product: { price: "1999.99", discountPercentage: 0 }, variant: { priceAdjustment: "0.01" } },
    ]);
    expect(priced.items.map((line) => [line.unitPrice, line.lineTotal])).toEqual([
      ["0.10", "0.30"],
      ["2000.00", "4000.00"],
    ]);
    expect(priced).toMatchObject({ totalQuantity: 5, total: "4000.30", totalPaise: 400_030 });
  });
});
