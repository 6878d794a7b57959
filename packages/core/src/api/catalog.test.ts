import { describe, expect, it } from "vitest";
import { BrandListQuerySchema, ProductBatchQuerySchema, ProductListQuerySchema } from "./catalog.ts";
import { SearchQuerySchema } from "./search.ts";

const ID = "0b7e4a52-3f1c-4c3e-9a55-2f6a1d0c9e11";

function firstIssuePath(result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) {
  return result.error?.issues[0]?.path.join(".");
}

describe("catalogue query schemas", () => {
  it("defaults the page size and bounds it", () => {
    expect(ProductListQuerySchema.parse({}).limit).toBe(20);
    expect(ProductListQuerySchema.parse({ limit: "100" }).limit).toBe(100);
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ limit: "101" }))).toBe("limit");
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ limit: "0" }))).toBe("limit");
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ limit: "ten" }))).toBe("limit");
  });

  it("names the id field that is not a UUID", () => {
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ marketplaceId: "nope" }))).toBe("marketplaceId");
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ brandId: `${ID}x` }))).toBe("brandId");
  });

  it("splits, trims and de-duplicates batch ids, at most 100", () => {
    expect(ProductBatchQuerySchema.parse({ ids: ` ${ID},${ID.toUpperCase()} ,${ID}` }).ids).toEqual([ID, ID.toUpperCase()]);
    expect(firstIssuePath(ProductBatchQuerySchema.safeParse({ ids: "," }))).toBe("ids");
    expect(firstIssuePath(ProductBatchQuerySchema.safeParse({ ids: `${ID},x` }))).toBe("ids.1");
    const many = Array.from({ length: 101 }, (_, i) => ID.slice(0, -3) + String(i).padStart(3, "0")).join(",");
    expect(firstIssuePath(ProductBatchQuerySchema.safeParse({ ids: many }))).toBe("ids");
  });

  it("caps search terms at 200 characters and search pages at 50", () => {
    expect(SearchQuerySchema.parse({})).toEqual({ q: "", limit: 20, sort: "relevance" });
    expect(SearchQuerySchema.safeParse({ q: "x".repeat(200) }).success).toBe(true);
    expect(firstIssuePath(SearchQuerySchema.safeParse({ q: "x".repeat(201) }))).toBe("q");
    expect(firstIssuePath(SearchQuerySchema.safeParse({ limit: "51" }))).toBe("limit");
    expect(firstIssuePath(BrandListQuerySchema.safeParse({ q: "x".repeat(10_000) }))).toBe("q");
  });

  it("refuses NUL characters in free text, which PostgreSQL text cannot store", () => {
    expect(firstIssuePath(SearchQuerySchema.safeParse({ q: "a\u0000" }))).toBe("q");
    expect(firstIssuePath(ProductListQuerySchema.safeParse({ category: "\u0000" }))).toBe("category");
  });
});
