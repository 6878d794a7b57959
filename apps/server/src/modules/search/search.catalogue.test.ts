import type { AdminProduct } from "@reelmart/core/api/admin";
import { SEARCH_SORTS, SearchQuerySchema, type SearchResult } from "@reelmart/core/api/search";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { createLogger } from "../../logger.ts";
import { createMarketplace, createMedia } from "../../testing/fixtures.ts";
import { DEMO_BRANDS, DEMO_CATEGORY_ROWS, DEMO_PRODUCTS } from "../seed/demo-data.ts";
import { SearchMemory } from "../../read-model/search-memory.ts";
import { searchProducts } from "./search.service.ts";

// Issue #16, "how it will be tried": misspellings of four kinds (dropped, doubled, swapped and
// neighbouring-key letters) and 4-letter prefixes of every title word, over the demo catalogue,
// generated titles and products an admin adds later, find their product among the first three
// results at least 95% of the time.

let server: TestServer;
let db: Kysely<DB>;
let admin: TestUser;

/** Title words by product id, for every product of the table. */
const titles = new Map<string, string>();

/** QWERTY neighbours, for the "fat finger" misspelling. */
const NEIGHBOURS: Record<string, string> = {
  q: "w", w: "e", e: "r", r: "t", t: "y", y: "u", u: "i", i: "o", o: "p", p: "o",
  a: "s", s: "d", d: "f", f: "g", g: "h", h: "j", j: "k", k: "l", l: "k",
  z: "x", x: "c", c: "v", v: "b", b: "n", n: "m", m: "n",
};

/** The four misspellings of a word, each made in its middle (first letters are rarely the mistyped ones). */
function misspellings(word: string): Record<string, string> {
  const i = Math.floor(word.length / 2);
  const letter = word[i]!;
  return {
    dropped: word.slice(0, i) + word.slice(i + 1),
    doubled: word.slice(0, i + 1) + letter + word.slice(i + 1),
    swapped: word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1),
    neighbour: word.slice(0, i) + (NEIGHBOURS[letter] ?? "e") + word.slice(i + 1),
  };
}

/** A small deterministic generator, so a failure names the same titles every run. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const CONSONANTS = "bcdfgklmnprstvz";
const VOWELS = "aeiou";

function pseudoWord(random: () => number, letters: number): string {
  let word = "";
  for (let i = 0; i < letters; i++) {
    const pool = i % 2 === 0 ? CONSONANTS : VOWELS;
    word += pool[Math.floor(random() * pool.length)];
  }
  return word[0]!.toUpperCase() + word.slice(1);
}

async function insertDemoCatalogue() {
  const brandIds = new Map<string, string>();
  for (const brand of DEMO_BRANDS) {
    const row = await db.insertInto("brands").values({ name: brand.name, description: brand.description }).returning("id").executeTakeFirstOrThrow();
    brandIds.set(brand.key, row.id);
  }
  await db.insertInto("categories").values(DEMO_CATEGORY_ROWS.map((name) => ({ name }))).onConflict((oc) => oc.doNothing()).execute();
  for (const product of DEMO_PRODUCTS) {
    const row = await createProduct(db, {
      title: product.title,
      description: product.description,
      category: product.category,
      price: product.price,
      discount_percentage: String(product.discountPercentage),
      stock: product.stock,
      brand_id: brandIds.get(product.brand) ?? null,
    });
    for (const variant of product.variants) {
      await db.insertInto("product_variants").values({ product_id: row.id, size: variant.size ?? null, color: variant.color ?? null, stock: variant.stock }).execute();
    }
    titles.set(row.id, product.title);
  }
}

/** Titles of three made-up words (brand-like names, models), none shared with another title. */
async function insertGeneratedCatalogue(count: number) {
  const random = generator(16);
  const used = new Set<string>();
  const freshWord = () => {
    let word: string;
    do word = pseudoWord(random, 4 + Math.floor(random() * 7));
    while (used.has(word.toLowerCase()));
    used.add(word.toLowerCase());
    return word;
  };
  for (let i = 0; i < count; i++) {
    const words = [freshWord(), freshWord(), freshWord()];
    const title = words.join(" ");
    const row = await createProduct(db, { title, description: `The ${words[2]!.toLowerCase()} for every day.` });
    titles.set(row.id, title);
  }
}

/** A product made the way a shop owner makes one: a draft through the admin API, then saved active. */
async function addThroughAdmin(title: string, description: string): Promise<string> {
  const call = <T>(method: string, path: string, body?: unknown) =>
    server.json<T>(`/api/admin${path}`, {
      method,
      headers: { ...admin.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const { body: draft } = await call<{ id: string }>("POST", "/products");
  const { body: loaded } = await call<AdminProduct>("GET", `/products/${draft.id}`);
  const saved = await call<AdminProduct>("PUT", `/products/${draft.id}`, {
    version: loaded.version,
    title,
    description,
    price: "1299.00",
    discountPercentage: 0,
    category: "other",
    stock: 5,
    status: "active",
    brandId: null,
    specifications: {},
    highlights: [],
    promotion: null,
    variants: [],
    marketplaceIds: [],
    media: [],
  });
  expect(saved.status).toBe(200);
  titles.set(draft.id, title);
  return draft.id;
}

beforeAll(async () => {
  server = await startTestServer();
  db = server.deps.database.db;
  admin = await signUpUser(server, { admin: true });
  await insertDemoCatalogue();
  await insertGeneratedCatalogue(50);
  await addThroughAdmin("Monsoon Trekking Umbrella", "A windproof umbrella for the rainy season.");
  await addThroughAdmin("Brass Diya Lantern", "Hand-polished lantern for festive evenings.");
}, 180_000);
afterAll(() => server.close());

const searchIds = async (q: string) => {
  const { status, body } = await server.json<SearchResult>(`/api/search?${new URLSearchParams({ q, limit: "3" })}`);
  expect({ status, body: status === 200 ? "ok" : body }).toEqual({ status: 200, body: "ok" });
  return body.items.map((item) => item.id);
};

interface Attempt {
  kind: string;
  query: string;
  title: string;
  found: boolean;
}

const wordsOf = (title: string) => [...new Set(title.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean))];

/**
 * Each title word's queries, for words that can name one product: a word in more than three titles
 * ("pro", a brand) cannot put a particular one of them among the first three, whatever the ranking.
 */
async function attemptsFor(kinds: (word: string) => Record<string, string>): Promise<Attempt[]> {
  const titlesWith = new Map<string, number>();
  for (const title of titles.values()) for (const word of wordsOf(title)) titlesWith.set(word, (titlesWith.get(word) ?? 0) + 1);
  const attempts: Attempt[] = [];
  for (const [id, title] of titles) {
    for (const word of wordsOf(title).filter((candidate) => titlesWith.get(candidate)! <= 3)) {
      for (const [kind, query] of Object.entries(kinds(word))) {
        attempts.push({ kind, query, title, found: (await searchIds(query)).includes(id) });
      }
    }
  }
  return attempts;
}

function expectMostFound(attempts: Attempt[]) {
  const missed = attempts.filter((attempt) => !attempt.found);
  const rate = 1 - missed.length / attempts.length;
  // The misses are named so a regression says which words it broke.
  expect({ rate: rate >= 0.95 ? "at least 95%" : rate, missed: rate >= 0.95 ? [] : missed }).toEqual({ rate: "at least 95%", missed: [] });
}

describe("the intended product is among the first three", () => {
  it("for the four kinds of misspelling of every title word of 5+ letters", async () => {
    const attempts = await attemptsFor((word) => (word.length >= 5 ? misspellings(word) : {}));
    expect(attempts.length).toBeGreaterThan(500);
    for (const kind of ["dropped", "doubled", "swapped", "neighbour"]) expect(attempts.some((attempt) => attempt.kind === kind)).toBe(true);
    expectMostFound(attempts);
  }, 180_000);

  it("for the 4-letter prefix of every title word of 4+ letters", async () => {
    const attempts = await attemptsFor((word): Record<string, string> => (word.length >= 4 ? { prefix: word.slice(0, 4) } : {}));
    expect(attempts.length).toBeGreaterThan(150);
    expectMostFound(attempts);
  }, 60_000);

  it("for the issue's own misspellings, a multi-word and a brand query", async () => {
    const byTitle = new Map([...titles].map(([id, title]) => [title, id]));
    const cases: [string, string][] = [
      ["nimus", "Nimbus Pods Pro Headphones"],
      ["headhpones", "Nimbus Pods Pro Headphones"],
      ["smartqatch", "Kiro Pulse Smartwatch"],
      ["cofdee", "Hearth Pour-Over Coffee Set"],
      ["lether", "Kiro Leather Card Wallet"],
      ["nimbus headphones", "Nimbus Pods Pro Headphones"],
      ["umbrela", "Monsoon Trekking Umbrella"],
      ["diya lantren", "Brass Diya Lantern"],
    ];
    for (const [query, title] of cases) expect({ query, found: (await searchIds(query)).includes(byTitle.get(title)!) }).toEqual({ query, found: true });
  });
});

describe("the index in memory (decision 141) answers exactly as the SQL over the index tables", () => {
  let memory: SearchMemory;
  let marketId: string;

  beforeAll(async () => {
    // Popularity (the tie-break) from likes and a marketplace to filter by, on some products.
    marketId = (await createMarketplace(db)).id;
    let n = 0;
    for (const id of titles.keys()) {
      n += 1;
      if (n % 3 === 0) await db.insertInto("marketplace_listings").values({ product_id: id, marketplace_id: marketId }).execute();
      if (n % 4 === 0) await createMedia(db, id, { like_count: n % 7 });
    }
    // A static generation: nothing invalidates this snapshot while the test compares.
    memory = new SearchMemory(db, createLogger({ logLevel: "silent" }));
    expect((await memory.whenBuilt())?.size).toBe(titles.size);
  }, 60_000);
  afterAll(() => memory?.close());

  async function compare(params: Record<string, string>, offset = 0) {
    const input = SearchQuerySchema.parse(params);
    const fromSql = await searchProducts(db, input, offset);
    const fromMemory = await searchProducts(db, input, offset, { memory });
    expect({ params, offset, result: fromMemory }).toEqual({ params, offset, result: fromSql });
    return fromSql;
  }

  it("for every misspelling and prefix of the table", async () => {
    const queries = new Set<string>();
    for (const title of titles.values()) {
      for (const word of title.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean)) {
        queries.add(word.slice(0, 4));
        if (word.length >= 5) for (const query of Object.values(misspellings(word))) queries.add(query);
      }
    }
    expect(queries.size).toBeGreaterThan(500);
    for (const q of queries) await compare({ q, limit: "5" });
  }, 180_000);

  it("for multi-word, brand, short and non-ASCII terms, every sort, filter, marketplace and page", async () => {
    const terms = ["nimbus headphones", "kiro", "lether wallet", "pr", "smart", "cotton shirt", "caf\u00e9", "Wr\u00eest", "diya lantren", "the", "zzzz", "pods pro nimbus"];
    for (const q of terms) {
      const all = await compare({ q, limit: "50" });
      for (const sort of SEARCH_SORTS) await compare({ q, sort, limit: "7" });
      await compare({ q, marketplaceId: marketId });
      await compare({ q, inStock: "true", limit: "3" }, 3);
      const category = all.facets.categories[0]?.value;
      const brandId = all.facets.brands[0]?.id;
      const price = all.facets.priceRanges[0]?.id;
      if (category) await compare({ q, category });
      if (brandId) await compare({ q, brandId, sort: "price-desc" });
      if (price) await compare({ q, price, limit: "2" }, 2);
    }
  }, 120_000);
});
