import { randomBytes } from "node:crypto";
import { SearchQuerySchema, type SearchResult } from "@reelmart/core/api/search";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createBrand, createMarketplace, createMedia, createProduct } from "../../testing/fixtures.ts";
import { setMediaCounters } from "../../testing/media-counters.ts";
import { callAs } from "../../testing/owner-shop.ts";
import { readModelCaughtUp } from "../../testing/read-model-caught-up.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { signUpUser } from "../../testing/users.ts";
import { SearchLog, popularSearches, searchProducts } from "./search.service.ts";

type ErrorResponse = { error: { code: string; message: string; field?: string } };
const ADDRESS = { name: "Asha Rao", phone: "98765 43210", line1: "12 MG Road", city: "Bengaluru", state: "Karnataka", postalCode: "560001", countryCode: "IN" };

let server: TestServer;
let db: Kysely<DB>;

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.database.db;
});
afterAll(() => server.close());

const search = (params: Record<string, string>) => server.json<SearchResult>(`/api/search?${new URLSearchParams(params)}`);
const ids = (result: { body: SearchResult }) => result.body.items.map((item) => item.id);

/** A made-up word of letters only, so tests in this file never match each other's products. */
function tag(letters = 8): string {
  const alphabet = "bcdfghjklmnpqrstvwxz";
  return [...randomBytes(letters)].map((byte) => alphabet[byte % alphabet.length]).join("");
}

describe("GET /api/search: input", () => {
  it("returns nothing for a blank term, whitespace or punctuation only (001 §5)", async () => {
    await createProduct(db, { title: "Anything at all" });
    for (const q of ["", "  ", "\t", "%", "-_-"]) {
      const { status, body } = await search({ q });
      expect(status).toBe(200);
      expect(body).toMatchObject({ items: [], total: 0, nextCursor: null });
    }
    expect((await server.json<SearchResult>("/api/search")).body.items).toEqual([]);
  });

  it("refuses a term over 200 characters, a bad cursor, sort or limit, naming the field", async () => {
    for (const [params, field] of [
      [{ q: "a".repeat(201) }, "q"],
      [{ q: "a".repeat(10_000) }, "q"],
      [{ q: "lamp", cursor: "nonsense" }, "cursor"],
      [{ q: "lamp", cursor: "s1.0" }, "cursor"],
      [{ q: "lamp", sort: "cheapest" }, "sort"],
      [{ q: "lamp", limit: "51" }, "limit"],
      [{ q: "lamp", price: "free" }, "price"],
      [{ q: "lamp", brandId: "x" }, "brandId"],
    ] as const) {
      const { status, body } = await server.json<ErrorResponse>(`/api/search?${new URLSearchParams(params)}`);
      expect({ params, status, field: body.error.field }).toEqual({ params, status: 400, field });
    }
    expect((await search({ q: "a".repeat(200) })).status).toBe(200);
  });
});

describe("GET /api/search: matching", () => {
  it("matches every field, folds case and accents, and ranks exact title, title, brand, category, description, colour", async () => {
    const word = tag();
    const brand = await createBrand(db, { name: `${word} Labs` });
    const byColour = await createProduct(db, { title: "Plain mug", created_at: "2024-01-06T00:00:00Z" });
    await db.insertInto("product_variants").values({ product_id: byColour.id, color: word.toUpperCase(), stock: 1 }).execute();
    const byDescription = await createProduct(db, { title: "Lamp", description: `A lamp by ${word}`, created_at: "2024-01-05T00:00:00Z" });
    const byCategory = await createProduct(db, { title: "Rug", category: `${word}-home`, created_at: "2024-01-04T00:00:00Z" });
    const byBrand = await createProduct(db, { title: "Kettle", brand_id: brand.id, created_at: "2024-01-03T00:00:00Z" });
    const byTitle = await createProduct(db, { title: `The ${word} kettle`, created_at: "2024-01-02T00:00:00Z" });
    const exact = await createProduct(db, { title: word.toUpperCase(), created_at: "2023-01-01T00:00:00Z" });
    await createProduct(db, { title: `${word} draft`, status: "draft" });

    const expected = [exact.id, byTitle.id, byBrand.id, byCategory.id, byDescription.id, byColour.id];
    expect(ids(await search({ q: word }))).toEqual(expected);
    // Accents and case fold on both sides: the query's and the product's.
    const accented = `${word[0]!.toUpperCase()}\u00e9${word.slice(2)}`;
    const folded = `${word[0]}e${word.slice(2)}`;
    const accentedProduct = await createProduct(db, { title: `Caf\u00e9 ${folded.toUpperCase()}` });
    expect(ids(await search({ q: accented }))).toContain(accentedProduct.id);
    expect(ids(await search({ q: `cafe ${folded}` }))).toEqual([accentedProduct.id]);
  });

  it("needs every word, each in any field: 'nimbus headphones', 'red hoodie'", async () => {
    const word = tag();
    const brand = await createBrand(db, { name: `${word}` });
    const headphones = await createProduct(db, { title: `Pods ${tag()} Headphones`, brand_id: brand.id });
    const speaker = await createProduct(db, { title: `Arc ${tag()} Speaker`, brand_id: brand.id });
    const hoodie = await createProduct(db, { title: `Everyday ${word} hoodie` });
    await db.insertInto("product_variants").values({ product_id: hoodie.id, color: "Red", stock: 2 }).execute();
    await createProduct(db, { title: `Blue ${word} hoodie ${tag()}`, description: "Not the colour you asked for" });

    expect(ids(await search({ q: `${word} headphones` }))).toEqual([headphones.id]);
    expect(ids(await search({ q: `${word} speaker` }))).toEqual([speaker.id]);
    expect(ids(await search({ q: `red ${word} hoodie` }))).toEqual([hoodie.id]);
    expect(ids(await search({ q: `${word} xylophone` }))).toEqual([]);
  });

  it("forgives 1 edit from 5 letters and 2 from 9, a transposition counting as one, and no more", async () => {
    // Vowels: the tags of the other tests have none, so these words are theirs alone.
    const product = await createProduct(db, { title: "Vlomp Zandrikos" });
    const found = async (q: string) => ids(await search({ q })).includes(product.id);

    expect(await found("vlmp")).toBe(true); // dropped: 4 letters left, the 5-letter word allows 1
    expect(await found("volmp")).toBe(true); // swapped
    expect(await found("vlommp")).toBe(true); // doubled
    expect(await found("vxxmp")).toBe(false); // two edits in five letters
    expect(await found("azndrikys")).toBe(true); // a swap and a substitution in nine letters
    expect(await found("zanyyykos")).toBe(false); // three edits
    expect(await found("vlom")).toBe(true); // a prefix
    expect(await found("vlap")).toBe(false); // two edits
    // A product matched with fewer typos ranks first.
    const closer = await createProduct(db, { title: "Zandrikoy" });
    expect(ids(await search({ q: "zandrikoy" }))).toEqual([closer.id, product.id]);
  });

  it("matches prefixes and, from 3 letters, substrings (the spec's substring rule), after whole words", async () => {
    const word = tag(10);
    const whole = await createProduct(db, { title: `${word.slice(0, 4)} stand`, created_at: "2020-01-01T00:00:00Z" });
    const prefixed = await createProduct(db, { title: `${word} stand`, created_at: "2024-01-01T00:00:00Z" });
    const inside = await createProduct(db, { title: `x${word.slice(0, 4)}y stand`, created_at: "2024-01-01T00:00:00Z" });
    expect(ids(await search({ q: word.slice(0, 4) }))).toEqual([whole.id, prefixed.id, inside.id]);
    expect(ids(await search({ q: `${word.slice(0, 6)} sta` }))).toEqual([prefixed.id]);
  });

  it("finds a product after an admin-style edit of its title, brand rename and colour change, and forgets old words", async () => {
    const old = tag();
    const renamed = tag();
    const brand = await createBrand(db, { name: tag() });
    const product = await createProduct(db, { title: `${old} bottle`, brand_id: brand.id });
    await db.updateTable("products").set({ title: `${renamed} bottle` }).where("id", "=", product.id).execute();
    expect(ids(await search({ q: old }))).toEqual([]);
    expect(ids(await search({ q: renamed }))).toEqual([product.id]);
    const brandName = tag();
    await db.updateTable("brands").set({ name: brandName }).where("id", "=", brand.id).execute();
    expect(ids(await search({ q: brandName }))).toEqual([product.id]);
    const colour = tag();
    await db.insertInto("product_variants").values({ product_id: product.id, color: colour, stock: 1 }).execute();
    expect(ids(await search({ q: colour }))).toEqual([product.id]);
    await db.deleteFrom("product_variants").where("product_id", "=", product.id).execute();
    expect(ids(await search({ q: colour }))).toEqual([]);
    await db.updateTable("products").set({ status: "archived" }).where("id", "=", product.id).execute();
    expect(ids(await search({ q: renamed }))).toEqual([]);
  });

  it("keeps to the marketplace when one is given", async () => {
    const market = await createMarketplace(db);
    const word = tag();
    const listed = await createProduct(db, { title: word, marketplaceIds: [market.id] });
    await createProduct(db, { title: `${word} elsewhere` });
    const { body } = await search({ q: word, marketplaceId: market.id });
    expect(body.items.map((item) => item.id)).toEqual([listed.id]);
    expect(body.total).toBe(1);
  });
});

describe("GET /api/search: ranking, facets, sorting and pages", () => {
  it("breaks ties by popularity: views and likes", async () => {
    const word = tag();
    const quiet = await createProduct(db, { title: `${word} one`, created_at: "2025-01-02T00:00:00Z" });
    const viewed = await createProduct(db, { title: `${word} two`, created_at: "2025-01-01T00:00:00Z" });
    const media = await createMedia(db, viewed.id);
    await setMediaCounters(db, media.id, { view_count: 30 });
    await readModelCaughtUp(server);
    expect(ids(await search({ q: word }))).toEqual([viewed.id, quiet.id]);
    await setMediaCounters(db, media.id, { view_count: 4 });
    const liked = await createMedia(db, quiet.id);
    await setMediaCounters(db, liked.id, { like_count: 1 });
    await readModelCaughtUp(server);
    expect(ids(await search({ q: word, sort: "popular" }))).toEqual([quiet.id, viewed.id]);
  });

  it("counts the units ordered in popularity, once the order is placed", async () => {
    const word = tag();
    const newer = await createProduct(db, { title: `${word} one`, created_at: "2025-01-02T00:00:00Z" });
    const ordered = await createProduct(db, { title: `${word} two`, created_at: "2025-01-01T00:00:00Z" });
    await readModelCaughtUp(server);
    expect(ids(await search({ q: word, sort: "popular" }))).toEqual([newer.id, ordered.id]);
    const shopper = await signUpUser(server);
    await callAs(server, shopper, "POST", "/api/cart/items", { productId: ordered.id, quantity: 1 });
    await callAs(server, shopper, "POST", "/api/orders", { address: ADDRESS, paymentMethod: "cod" });
    await readModelCaughtUp(server);
    expect(ids(await search({ q: word, sort: "popular" }))).toEqual([ordered.id, newer.id]);
    expect(ids(await search({ q: word }))).toEqual([ordered.id, newer.id]);
  });

  it("counts facets over the results, each facet ignoring its own filter, and filters match the counts", async () => {
    const word = tag();
    const [acme, zeta] = [await createBrand(db, { name: `Acme ${tag()}` }), await createBrand(db, { name: `Zeta ${tag()}` })];
    const rows = [
      { category: "Audio", brand_id: acme.id, price: "399.00", stock: 0 },
      { category: "Audio", brand_id: acme.id, price: "1500.00", stock: 3 },
      { category: "Audio", brand_id: zeta.id, price: "6000.00", stock: 3, discount_percentage: "50" },
      { category: "Kitchen", brand_id: zeta.id, price: "700.00", stock: 1 },
      { category: "Kitchen", brand_id: null, price: "2600.00", stock: 1 },
      // Pays 499.50 → 500 (decision 120: a discounted price is rounded to the rupee): not under 500.
      { category: "Kitchen", brand_id: null, price: "999.00", stock: 1, discount_percentage: "50" },
    ];
    for (const row of rows) await createProduct(db, { title: `${word} ${tag()}`, ...row });

    const { body } = await search({ q: word });
    expect(body.total).toBe(6);
    expect(body.facets.categories).toEqual([
      { value: "Audio", count: 3 },
      { value: "Kitchen", count: 3 },
    ]);
    expect(body.facets.brands.map(({ id, count }) => [id, count]).sort()).toEqual([[acme.id, 2], [zeta.id, 2]].sort());
    // 6000 at 50% off sells at 3000.
    expect(body.facets.priceRanges).toEqual([
      { id: "under-500", count: 1 },
      { id: "500-1000", count: 2 },
      { id: "1000-2500", count: 1 },
      { id: "2500-5000", count: 2 },
    ]);
    expect(body.facets.inStock).toBe(5);

    for (const value of body.facets.categories) expect((await search({ q: word, category: value.value })).body.total).toBe(value.count);
    for (const brand of body.facets.brands) expect((await search({ q: word, brandId: brand.id })).body.total).toBe(brand.count);
    for (const range of body.facets.priceRanges) expect((await search({ q: word, price: range.id })).body.total).toBe(range.count);
    expect((await search({ q: word, inStock: "true" })).body.total).toBe(body.facets.inStock);

    const audio = await search({ q: word, category: "Audio" });
    expect(audio.body.facets.categories).toEqual(body.facets.categories); // its own filter left out
    expect(audio.body.facets.inStock).toBe(2);
    expect(audio.body.items.every((item) => item.category === "Audio")).toBe(true);
  });

  it("sorts by price, newest and popularity, and pages by cursor covering every result once", async () => {
    const word = tag();
    const created: string[] = [];
    for (let i = 0; i < 7; i++) {
      created.push((await createProduct(db, { title: `${word} ${tag()}`, price: `${100 + ((i * 37) % 7) * 10}.00`, created_at: `2024-02-0${i + 1}T00:00:00Z` })).id);
    }
    const prices = async (sort: string) => (await search({ q: word, sort })).body.items.map((item) => Number(item.price));
    expect(await prices("price-asc")).toEqual([...(await prices("price-asc"))].sort((a, b) => a - b));
    expect(await prices("price-desc")).toEqual([...(await prices("price-asc"))].reverse());
    expect(ids(await search({ q: word, sort: "newest" }))).toEqual([...created].reverse());

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: SearchResult } = await search({ q: word, sort: "price-asc", limit: "3", ...(cursor ? { cursor } : {}) });
      seen.push(...ids(page));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(new Set(created));
    expect(seen).toEqual(ids(await search({ q: word, sort: "price-asc" })));
  });

  it("suggests titles, brands and categories, and 'did you mean' when only corrections matched", async () => {
    let word = tag(8);
    while (word[3] === word[4]) word = tag(8); // swapping two equal letters would be no typo at all
    const brand = await createBrand(db, { name: `${word} Audio` });
    const product = await createProduct(db, { title: `${word} Pods`, brand_id: brand.id, category: `${word}wear` });
    const misspelt = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`;

    const corrected = await search({ q: `${misspelt} pods` });
    expect(ids(corrected)).toEqual([product.id]);
    expect(corrected.body.didYouMean).toBe(`${word} pods`);
    const exact = await search({ q: `${word} pods` });
    expect(exact.body.didYouMean).toBeNull();
    expect(exact.body.suggestions).toEqual([
      { kind: "product", text: `${word} Pods`, id: product.id },
      { kind: "brand", text: brand.name, id: brand.id },
      { kind: "category", text: `${word}wear`, id: `${word}wear` },
    ]);
    expect((await search({ q: "pods" })).body.suggestions).not.toContainEqual(expect.objectContaining({ kind: "brand", id: brand.id }));
  });
});

describe("popular searches", () => {
  it("counts first-page searches whose words all matched whole, most searched first", async () => {
    const [often, once] = [tag(), tag()];
    await createProduct(db, { title: `${often} lamp` });
    await createProduct(db, { title: `${once} lamp` });
    const log = new SearchLog(db);
    const record = { onWholeWordSearch: (term: string) => log.record(term) };
    for (const q of [often, `${often.toUpperCase()}`, once, `${often.slice(0, 4)}`, `${once}x`]) {
      await searchProducts(db, SearchQuerySchema.parse({ q }), 0, record);
    }
    await searchProducts(db, SearchQuerySchema.parse({ q: once }), 20, record); // a later page is not another search
    await log.flush();
    const popular = await popularSearches(db);
    expect(popular.indexOf(often)).toBeLessThan(popular.indexOf(once));
    expect(popular).not.toContain(often.slice(0, 4));
    expect(popular).not.toContain(`${once}x`);
    expect((await server.json<{ items: string[] }>("/api/search/popular")).body.items).toEqual(popular);
  });
});
