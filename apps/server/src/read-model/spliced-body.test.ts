import { CartSchema } from "@reelmart/core/api/cart";
import { FeedPageSchema } from "@reelmart/core/api/feed";
import { SearchResultSchema } from "@reelmart/core/api/search";
import { priceLines } from "@reelmart/core/pricing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type ProductRow, toMedia, toProductSummary } from "../modules/catalog/catalog.mappers.ts";
import { toCartProduct } from "./held-cart-lines.ts";
import { ItemsSplice } from "./spliced-body.ts";

/**
 * What a splice writes for `value`, from its items' JSON as the schema writes them (the items'
 * bytes are held by their own producers; the splice answers for the keys around them), next to
 * JSON.stringify(schema.parse(value)). `rest` is handed over in reverse order: the splice's order
 * must be the schema's, not the object's.
 */
function spliceAndStringify<Body extends { items: readonly unknown[] }>(schema: z.ZodObject & z.ZodType<Body>, value: Body) {
  const parsed = schema.parse(value);
  const { items, ...rest } = parsed;
  const reversed = Object.fromEntries(Object.entries(rest).reverse()) as Omit<Body, "items">;
  const spliced = new ItemsSplice(schema).bytes(
    items.map((item) => Buffer.from(JSON.stringify(item))),
    reversed,
  );
  return { spliced: spliced.toString(), stringified: JSON.stringify(parsed) };
}

const productRow = (id: string, overrides: Partial<ProductRow> = {}): ProductRow => ({
  id,
  title: `Lamp “${id}” ₹`,
  description: "A lamp",
  price: "999.00",
  discount_percentage: "12.50",
  category: "home",
  stock: 3,
  status: "active",
  brand_id: "brand-1",
  thumbnail_url: `/t/${id}.jpg`,
  rating_sum: 9,
  review_count: 2,
  created_at: new Date("2026-01-02T03:04:05.678Z"),
  brand_name: "Brand",
  brand_logo_url: null,
  brand_featured: true,
  ...overrides,
});

/** A card as the catalogue maps one: a product with one ready video. */
const card = (id: string, overrides: Partial<ProductRow> = {}) =>
  toProductSummary(productRow(id, overrides), [
    toMedia(
      {
        id: `${id}-video`,
        product_id: id,
        url: `/v/${id}/720.mp4`,
        type: "video",
        category: "product",
        title: null,
        duration: "30.00",
        is_main: true,
        is_cover: false,
        display_order: 0,
        thumbnail_url: `/v/${id}/poster.jpg`,
        like_count: 4,
        comment_count: 0,
        view_count: 40,
        share_count: 1,
        status: "ready",
        captions_url: null,
      },
      [{ height: 720, width: 405, url: `/v/${id}/720.mp4` }],
    ),
  ]);

describe("ItemsSplice", () => {
  it("writes the rest's keys in the schema's order, leaving out an optional field that is absent, as JSON.stringify of the parsed value does", () => {
    const schema = z.object({
      items: z.array(z.object({ id: z.string() })),
      note: z.string().optional(),
      next: z.string().nullable(),
      counts: z.object({ shown: z.number(), hidden: z.number() }),
      "odd \"key\"": z.boolean().optional(),
    });
    const values: z.infer<typeof schema>[] = [
      { items: [], next: null, counts: { shown: 0, hidden: 0 } },
      { items: [{ id: "a" }], note: "Café ₹ “quoted”", next: "s1.10", counts: { shown: 1, hidden: 2 }, "odd \"key\"": true },
      { items: [{ id: "a" }, { id: "b" }, { id: "c" }], note: undefined, next: "x", counts: { shown: 3, hidden: 0 }, "odd \"key\"": false },
    ];
    for (const value of values) {
      const { spliced, stringified } = spliceAndStringify(schema, value);
      expect(spliced).toBe(stringified);
    }
  });

  it("takes only a schema whose items come first, as every spliced answer has them", () => {
    expect(() => new ItemsSplice(z.object({ total: z.number(), items: z.array(z.string()) }))).toThrow(/items first/);
  });

  // The three answers spliced from held items: a field their schema gains and an answer does not
  // carry fails here (the schema's parse), and in the type check of the code that splices it.
  it("writes a feed page as its schema does: the last page's null cursor and the seed", () => {
    for (const nextCursor of ["MHwwLjV8MC42fGFiYw", null]) {
      const { spliced, stringified } = spliceAndStringify(FeedPageSchema, { items: [card("p1"), card("p2", { brand_id: null, brand_name: null })], nextCursor, seed: "visit-1" });
      expect(spliced).toBe(stringified);
    }
    const { spliced, stringified } = spliceAndStringify(FeedPageSchema, { items: [], nextCursor: null, seed: "empty" });
    expect(spliced).toBe(stringified);
  });

  it("writes a search's result as its schema does: cursor and 'did you mean' present and absent, facets and suggestions", () => {
    const facets = {
      categories: [{ value: "home", count: 2 }],
      brands: [{ id: "brand-1", name: "Brand", count: 2 }],
      priceRanges: [{ id: "500-1000" as const, count: 2 }],
      inStock: 2,
    };
    for (const [nextCursor, didYouMean] of [
      ["s1.20", "lamp"],
      [null, null],
    ] as const) {
      const { spliced, stringified } = spliceAndStringify(SearchResultSchema, {
        items: [card("p1"), card("p2")],
        nextCursor,
        total: 2,
        facets,
        didYouMean,
        suggestions: [{ kind: "product", text: "Lamp", id: "p1" }],
      });
      expect(spliced).toBe(stringified);
    }
  });

  it("writes a cart as its schema does: lines with and without a variant, and an empty cart", () => {
    const product = toCartProduct("p1", { ...productRow("p1"), brand_id: "brand-1", brand_name: "Brand" }, true, ["M2", "m1"]);
    const { items, totalQuantity, total } = priceLines([
      { id: "l1", productId: "p1", variantId: "v1", mediaId: "p1-video", quantity: 2, product, variant: { id: "v1", size: "M", color: null, stock: 3, priceAdjustment: "100.00" } },
      { id: "l2", productId: "p1", variantId: null, mediaId: null, quantity: 1, product, variant: null },
    ]);
    for (const cart of [{ items, totalQuantity, total }, { items: [], totalQuantity: 0, total: "0.00" }]) {
      const { spliced, stringified } = spliceAndStringify(CartSchema, cart);
      expect(spliced).toBe(stringified);
    }
  });
});
