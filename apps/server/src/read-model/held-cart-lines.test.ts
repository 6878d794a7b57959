import { type Cart, CartSchema } from "@reelmart/core/api/cart";
import { priceLines } from "@reelmart/core/pricing";
import { describe, expect, it } from "vitest";
import { CatalogueCache, type CatalogueEntry } from "./catalogue-cache.ts";
import { type HeldLine, HeldCartLines, cartJsonFromCatalogue } from "./held-cart-lines.ts";

const line = (id: string, quantity = 1, productId = "p1", variantId: string | null = null): HeldLine => ({ id, productId, variantId, mediaId: null, quantity });

describe("HeldCartLines", () => {
  it("after a write at the version it holds, answers the lines with that write in place and new lines last, by id", () => {
    const held = new HeldCartLines();
    held.hold("asha", 3, [line("b"), line("a")]);
    expect(held.afterWrite("asha", 3, [line("z"), line("a", 2), line("c")])).toEqual([line("b"), line("a", 2), line("c"), line("z")]);
    // Its own write moved the version to 4: the next write that finds 4 builds on it.
    expect(held.afterWrite("asha", 4, [line("b", 5)])).toEqual([line("b", 5), line("a", 2), line("c"), line("z")]);
  });

  it("answers nothing, and forgets, when the version found is not the one it holds: the lines changed elsewhere", () => {
    const held = new HeldCartLines();
    held.hold("asha", 3, [line("a")]);
    expect(held.afterWrite("asha", 4, [line("a", 2)])).toBeUndefined();
    expect(held.afterWrite("asha", 5, [line("a", 3)])).toBeUndefined();
    expect(held.size).toBe(0);
    expect(held.afterWrite("ravi", 1, [line("r")])).toBeUndefined();
  });

  it("takes a shopper without a version row as version 0, which their first write moves to 1", () => {
    const held = new HeldCartLines();
    held.hold("asha", null, []);
    expect(held.afterWrite("asha", null, [line("a")])).toEqual([line("a")]);
    expect(held.afterWrite("asha", 1, [line("a", 2)])).toEqual([line("a", 2)]);
  });

  it("holds at most its bound of carts, forgetting the least recently written", () => {
    const held = new HeldCartLines(2);
    held.hold("a", 1, []);
    held.hold("b", 1, []);
    expect(held.afterWrite("a", 1, [line("x")])).toBeDefined();
    held.hold("c", 1, []);
    expect(held.size).toBe(2);
    expect(held.afterWrite("b", 1, [line("y")])).toBeUndefined();
    expect(held.afterWrite("a", 2, [line("x", 2)])).toBeDefined();
  });
});

describe("cartJsonFromCatalogue", () => {
  const entry = (id: string, price: string, variants: { id: string; stock: number; price_adjustment: string }[] = []) =>
    ({
      row: { id, title: `Product ${id}: Café “ünïcode” ₹`, price, discount_percentage: "12.5", stock: 7, thumbnail_url: `/t/${id}.jpg`, brand_id: "b1", brand_name: "Brand" },
      parts: { variants: variants.map((variant) => ({ ...variant, size: "M", color: null, color_hex: null, image_url: null })) },
      media: [],
      // As the catalogue holds them: lower case, in no particular order.
      listedIn: new Set<string>(["m2", "m1"]),
    }) as unknown as CatalogueEntry;
  /** The cart the database path answers for the same lines and products (cart.service cartOf). */
  const expected = (lines: HeldLine[], entries: Map<string, CatalogueEntry>): Cart => {
    const { items, totalQuantity, total } = priceLines(
      lines.map((held) => {
        const { row, parts } = entries.get(held.productId)!;
        const variant = parts.variants.find((v) => v.id === held.variantId);
        return {
          ...held,
          // Written out, not toCartProduct: the mapping is part of what this test checks.
          product: {
            id: row.id,
            title: row.title,
            price: row.price,
            discountPercentage: Number(row.discount_percentage),
            stock: row.stock,
            thumbnailUrl: row.thumbnail_url,
            brand: { id: "b1", name: "Brand" },
            hasVariants: parts.variants.length > 0,
            marketplaceIds: ["m1", "m2"],
          },
          variant: variant ? { id: variant.id, size: variant.size, color: variant.color, stock: variant.stock, priceAdjustment: variant.price_adjustment } : null,
        };
      }),
    );
    return { items, totalQuantity, total };
  };

  it("is the JSON of the cart the database would answer, repriced when a product's entry is replaced", () => {
    const catalogue = new CatalogueCache();
    const entries = new Map([
      ["p1", entry("p1", "999.99")],
      ["p2", entry("p2", "2000.00", [{ id: "v1", stock: 3, price_adjustment: "100.00" }])],
    ]);
    for (const value of entries.values()) catalogue.store(value, catalogue.currentGeneration);
    const lines = [line("l1", 3, "p1"), line("l2", 2, "p2", "v1")];
    const json = String(cartJsonFromCatalogue(lines, catalogue));
    expect(json).toBe(JSON.stringify(expected(lines, entries)));
    expect(Object.keys(JSON.parse(json))).toEqual(Object.keys(CartSchema.shape));

    catalogue.drop(["p1"]);
    entries.set("p1", entry("p1", "1500.00"));
    catalogue.store(entries.get("p1")!, catalogue.currentGeneration);
    expect(String(cartJsonFromCatalogue(lines, catalogue))).toBe(JSON.stringify(expected(lines, entries)));
    expect(JSON.parse(String(cartJsonFromCatalogue(lines, catalogue)))).not.toEqual(JSON.parse(json));
  });

  it("answers nothing when a line's product or variant is not in the catalogue, for the database to answer", () => {
    const catalogue = new CatalogueCache();
    catalogue.store(entry("p1", "10.00", [{ id: "v1", stock: 1, price_adjustment: "0.00" }]), catalogue.currentGeneration);
    expect(cartJsonFromCatalogue([line("l1", 1, "p1", "v1")], catalogue)).toBeDefined();
    expect(cartJsonFromCatalogue([line("l1", 1, "p1", "v2")], catalogue)).toBeUndefined();
    expect(cartJsonFromCatalogue([line("l1", 1, "p1", "v1"), line("l2", 1, "p9")], catalogue)).toBeUndefined();
    expect(String(cartJsonFromCatalogue([], catalogue))).toBe(JSON.stringify({ items: [], totalQuantity: 0, total: "0.00" }));
  });
});
