import type { AddCartItemBody, Cart } from "@reelmart/core/api/cart";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { RowCounter } from "../../testing/row-counter.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { eventually } from "../../testing/eventually.ts";
import { AppError } from "../../shared/errors.ts";
import { createCatalogueCache } from "../../read-model/catalogue-cache.ts";
import { HeldCartLines } from "../../read-model/held-cart-lines.ts";
import { catalogueCachePrefill } from "../catalog/products.service.ts";
import { CartAddWriter, getCart, setCartQuantity } from "./cart.service.ts";

// Decision 200: cart adds arriving together are written by one statement and their carts read by one
// more. Whatever a batch answers, each add alone must have answered the same.
describe("CartAddWriter", () => {
  let database: Database;
  let phone: string;
  let phoneVideo: string;
  let hoodie: string;
  let hoodieVideo: string;
  let medium: string;
  let large: string;
  let draft: string;

  const createShoppers = async (count: number) => {
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select id, 'Shopper', id || '@example.test', true, now(), now() from unnest(${ids}::text[]) as id`.execute(database.db);
    return ids;
  };
  const addsToCarts = async (productId: string) => {
    const figures = await sql<{ media: number | null; product: number | null }>`select
      (select sum(add_to_carts)::int from analytics_media_daily where product_id = ${productId}) as media,
      (select add_to_carts from analytics_product_daily where product_id = ${productId}) as product`.execute(database.db);
    return { media: figures.rows[0]?.media ?? 0, product: figures.rows[0]?.product ?? 0 };
  };
  /** What an add was answered, without the ids each run makes anew. */
  const outcome = (settled: PromiseSettledResult<Buffer>) => {
    if (settled.status === "rejected") {
      const error = settled.reason as AppError;
      return { refused: error instanceof AppError ? { code: error.code, field: error.field, message: error.message } : String(error) };
    }
    const { items, total, totalQuantity } = JSON.parse(String(settled.value)) as Cart;
    return { total, totalQuantity, items: items.map(({ productId, variantId, mediaId, quantity, unitPrice, lineTotal }) => ({ productId, variantId, mediaId, quantity, unitPrice, lineTotal })) };
  };

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    const { db } = database;
    phone = (await createProduct(db, { price: "19999.99", stock: 5 })).id;
    phoneVideo = (await createMedia(db, phone)).id;
    hoodie = (await createProduct(db, { price: "2000.00", discount_percentage: "10", stock: 5 })).id;
    hoodieVideo = (await createMedia(db, hoodie)).id;
    const variants = await db
      .insertInto("product_variants")
      .values([
        { product_id: hoodie, size: "M", color: "Forest", stock: 3, price_adjustment: "0" },
        { product_id: hoodie, size: "L", color: "Forest", stock: 2, price_adjustment: "100.00" },
      ])
      .returning("id")
      .execute();
    medium = variants[0]!.id;
    large = variants[1]!.id;
    draft = (await createProduct(db, { status: "draft" })).id;
  });
  afterAll(() => database?.close());

  it("answers a batch of adds, refused ones included, exactly as each add alone, and counts them the same", async () => {
    const adds: AddCartItemBody[] = [
      { productId: phone, quantity: 1, mediaId: phoneVideo },
      { productId: phone, quantity: 6 }, // more than the stock: 409
      { productId: hoodie, quantity: 1 }, // a size to choose: 400
      { productId: hoodie, variantId: medium, quantity: 2, mediaId: phoneVideo }, // another product's video: not kept, not counted
      { productId: phone, variantId: medium, quantity: 1 }, // a variant of another product: 404
      { productId: draft, quantity: 1 }, // not for sale: 404
      { productId: crypto.randomUUID(), quantity: 1 }, // no such product: 404
      { productId: hoodie, variantId: large, quantity: 3, mediaId: hoodieVideo }, // more than the variant's stock: 409
      { productId: hoodie, variantId: large, quantity: 2, mediaId: hoodieVideo },
    ];
    const before = { phone: await addsToCarts(phone), hoodie: await addsToCarts(hoodie) };

    const statements = new RowCounter();
    const together = new CartAddWriter(database.db.withPlugin(statements));
    const batchShoppers = await createShoppers(adds.length);
    const batched = await Promise.allSettled(adds.map((add, index) => together.add(batchShoppers[index]!, add)));
    const afterBatch = { phone: await addsToCarts(phone), hoodie: await addsToCarts(hoodie) };

    const soloStatements = new RowCounter();
    const alone = new CartAddWriter(database.db.withPlugin(soloStatements));
    const soloShoppers = await createShoppers(adds.length);
    const solo: PromiseSettledResult<Buffer>[] = [];
    for (const [index, add] of adds.entries()) solo.push(...(await Promise.allSettled([alone.add(soloShoppers[index]!, add)])));
    const afterSolo = { phone: await addsToCarts(phone), hoodie: await addsToCarts(hoodie) };

    expect(batched.map(outcome)).toEqual(solo.map(outcome));
    expect(batched.map((settled) => settled.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled", "rejected", "rejected", "rejected", "rejected", "fulfilled"]);
    // Alone, each of the nine adds is a statement and each of the three accepted reads its cart; the
    // batch is one statement and one read of the three carts. The refused explain themselves alike.
    expect(soloStatements.queries - statements.queries).toBe(9 + 3 - 2);
    const counted = (from: typeof before, to: typeof before) => ({
      phone: { media: to.phone.media - from.phone.media, product: to.phone.product - from.phone.product },
      hoodie: { media: to.hoodie.media - from.hoodie.media, product: to.hoodie.product - from.hoodie.product },
    });
    expect(counted(before, afterBatch)).toEqual({ phone: { media: 1, product: 1 }, hoodie: { media: 1, product: 2 } });
    expect(counted(afterBatch, afterSolo)).toEqual(counted(before, afterBatch));
  });

  it("writes fifty shoppers' adds in one statement and answers each their own cart", async () => {
    const shoppers = await createShoppers(50);
    // Each shopper's cart already holds a line of their own.
    for (const [index, shopper] of shoppers.entries()) {
      await new CartAddWriter(database.db).add(shopper, { productId: index % 2 ? phone : hoodie, variantId: index % 2 ? undefined : medium, quantity: 1 });
    }
    const before = await addsToCarts(hoodie);
    const statements = new RowCounter();
    const adds = new CartAddWriter(database.db.withPlugin(statements));
    const carts = await Promise.all(shoppers.map((shopper) => adds.add(shopper, { productId: hoodie, variantId: large, quantity: 1, mediaId: hoodieVideo })));
    expect(statements.queries).toBe(2);
    for (const [index, cart] of carts.map((json) => JSON.parse(String(json)) as Cart).entries()) {
      expect(cart.items.map((item) => [item.productId, item.variantId])).toEqual([
        index % 2 ? [phone, null] : [hoodie, medium],
        [hoodie, large],
      ]);
    }
    expect(await addsToCarts(hoodie)).toEqual({ media: before.media + 50, product: before.product + 50 });
  });

  // A lone add is a batch of one (the same statement): it costs what an add alone did before, one
  // statement and one read of its cart, and with the cart's lines held, the statement alone.
  it("writes a lone add in one statement and reads its cart in one more, or in none when its lines are held", async () => {
    const { db } = database;
    const [shopper] = await createShoppers(1);
    const statements = new RowCounter();
    /** The statements an add took, and whether it was added. */
    const count = async (add: () => Promise<Buffer>) => {
      statements.reset();
      const [settled] = await Promise.allSettled([add()]);
      return { statements: statements.queries, status: settled!.status };
    };
    const plain = new CartAddWriter(db.withPlugin(statements));
    expect(await count(() => plain.add(shopper!, { productId: phone, quantity: 1, mediaId: phoneVideo }))).toEqual({ statements: 2, status: "fulfilled" });
    // Refused: the statement, then the reads that explain it (the variants, the product, the line); no cart.
    expect(await count(() => plain.add(shopper!, { productId: phone, quantity: 1_000 }))).toEqual({ statements: 4, status: "rejected" });

    const { cache, unlisten } = await createCatalogueCache(database);
    try {
      await catalogueCachePrefill(db, cache)();
      const held = new CartAddWriter(db.withPlugin(statements), { held: new HeldCartLines(), catalogue: cache });
      expect(await count(() => held.add(shopper!, { productId: phone, quantity: 1 }))).toEqual({ statements: 2, status: "fulfilled" });
      expect(await count(() => held.add(shopper!, { productId: hoodie, variantId: medium, quantity: 1 }))).toEqual({ statements: 1, status: "fulfilled" });
    } finally {
      await unlisten();
    }
  });

  it("writes two adds of one line in the order they came, each bounded by the stock", async () => {
    const [shopper] = await createShoppers(1);
    const adds = new CartAddWriter(database.db);
    const answers = await Promise.allSettled([adds.add(shopper!, { productId: phone, quantity: 4 }), adds.add(shopper!, { productId: phone, quantity: 4 })]);
    expect(answers[0]).toMatchObject({ status: "fulfilled" });
    expect(JSON.parse(String((answers[0] as PromiseFulfilledResult<Buffer>).value))).toMatchObject({ totalQuantity: 4 });
    expect(answers[1]).toMatchObject({ status: "rejected", reason: { code: "conflict", field: "quantity", message: "Only 5 in stock and 4 already in your cart" } });
  });

  it("answers a shopper adding two lines at once with the cart holding both", async () => {
    const [shopper] = await createShoppers(1);
    const adds = new CartAddWriter(database.db);
    const carts = await Promise.all([adds.add(shopper!, { productId: phone, quantity: 1 }), adds.add(shopper!, { productId: hoodie, variantId: medium, quantity: 1 })]);
    for (const cart of carts) expect(JSON.parse(String(cart))).toMatchObject({ totalQuantity: 2 });
  });

  // Decision 201: with the catalogue cache, a batch's carts come from the lines held in memory.
  it("answers from memory exactly what the database answers, and notices lines and products changed elsewhere", async () => {
    const { db } = database;
    const { cache, unlisten } = await createCatalogueCache(database);
    const prefill = catalogueCachePrefill(db, cache);
    try {
      await prefill();
      const shoppers = await createShoppers(6);
      const statements = new RowCounter();
      const adds = new CartAddWriter(db.withPlugin(statements), { held: new HeldCartLines(), catalogue: cache });
      const addForAll = async (add: AddCartItemBody) => {
        statements.reset();
        const answers = await Promise.all(shoppers.map((shopper) => adds.add(shopper, add)));
        for (const [index, answer] of answers.entries()) expect(JSON.parse(String(answer))).toEqual(await getCart(db, shoppers[index]!));
        return answers;
      };

      // Nothing held yet: the add, then one read of the six shoppers' lines.
      await addForAll({ productId: phone, quantity: 1, mediaId: phoneVideo });
      expect(statements.queries).toBe(2);
      // Held: the add statement alone.
      await addForAll({ productId: hoodie, variantId: medium, quantity: 1, mediaId: hoodieVideo });
      expect(statements.queries).toBe(1);

      // Elsewhere: another device sets a quantity, another server adds a line, a shopper places an
      // order (which empties the cart); each moves only that shopper's version.
      const [first, second, third] = shoppers as [string, string, string];
      const firstCart = await getCart(db, first);
      await setCartQuantity(db, first, firstCart.items[0]!.id, 3);
      await new CartAddWriter(db, { held: new HeldCartLines(), catalogue: cache }).add(second, { productId: hoodie, variantId: large, quantity: 1 });
      await db.deleteFrom("cart_items").where("user_id", "=", third).execute();
      await addForAll({ productId: phone, quantity: 1 });
      // The add, then one read of the three whose lines changed elsewhere.
      expect(statements.queries).toBe(2);

      // A price changes: the catalogue drops the product, and the carts holding it come from the database.
      await db.updateTable("products").set({ price: "17999.00" }).where("id", "=", phone).execute();
      await eventually(async () => cache.get(phone) === undefined, "the catalogue never dropped the product");
      const answers = await addForAll({ productId: hoodie, variantId: medium, quantity: 1 });
      expect(statements.queries).toBe(2);
      expect((JSON.parse(String(answers[3]!)) as Cart).items.find((item) => item.productId === phone)).toMatchObject({ unitPrice: "17999.00" });
      // Read back into the catalogue, it answers from memory again.
      await prefill();
      await addForAll({ productId: hoodie, variantId: medium, quantity: 1 });
      expect(statements.queries).toBe(1);
    } finally {
      await unlisten();
    }
  });
});
