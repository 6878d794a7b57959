import { describe, expect, it } from "vitest";
import { defaultVariant } from "./cart-lines.ts";

describe("defaultVariant", () => {
  const variant = (id: string, stock: number, priceAdjustment: string) => ({ id, stock, priceAdjustment });

  it("starts on the in-stock variant at the advertised price, not a dearer one listed first", () => {
    const variants = [variant("xl", 4, "200.00"), variant("m", 3, "0.00"), variant("l", 5, "0.00")];
    expect(defaultVariant(variants)?.id).toBe("m");
  });

  it("skips variants out of stock, even when they are the cheapest", () => {
    expect(defaultVariant([variant("s", 0, "-50.00"), variant("m", 2, "25.00")])?.id).toBe("m");
  });

  it("is undefined when nothing is in stock or there are no variants", () => {
    expect(defaultVariant([variant("s", 0, "0.00")])).toBeUndefined();
    expect(defaultVariant([])).toBeUndefined();
  });
});
