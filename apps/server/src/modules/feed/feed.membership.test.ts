import { type OperationNode, type SelectQueryNode, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { FEED_ORDER_CHANNEL } from "../../read-model/feed-memory.ts";
import { ON_DELETE, ON_INSERT, ON_TRUNCATE, ON_UPDATE, triggersCalling } from "../../testing/installed-triggers.ts";
import { triggerNotificationCounter } from "../../testing/notifications.ts";
import { createMarketplace, createProduct } from "../../testing/schema-rows.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { feedMembers } from "./feed.membership.ts";

/**
 * The columns a query's rows depend on, by table: those its FROM, inner joins, WHERE (subqueries
 * included) and ORDER BY name, read off Kysely's operation tree; what it selects is not among them.
 * A left join adds columns to a row and neither drops nor repeats one (brands.id is the key it joins
 * on), so its columns are not either. A row's id is left out: no update changes one (product_media
 * and marketplace_listings reference products.id with no ON UPDATE, so a product in the feed, which
 * has a medium, cannot change its id), so no trigger need watch it.
 */
function columnsRead(query: { toOperationNode(): OperationNode }): Map<string, string[]> {
  const root = query.toOperationNode() as SelectQueryNode;
  const tableOf = new Map<string, string>();
  const references: { alias: string; column: string }[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== "object") return;
    const node = value as OperationNode & Record<string, any>;
    switch (node.kind) {
      case "JoinNode":
        if (node.joinType === "LeftJoin") return;
        break;
      case "AliasNode":
        if (node.node.kind === "TableNode") tableOf.set(node.alias.name, node.node.table.identifier.name);
        break;
      case "TableNode":
        tableOf.set(node.table.identifier.name, node.table.identifier.name);
        return;
      case "ReferenceNode":
        if (!node.table) throw new Error(`Unqualified column ${node.column.column?.name}: name its table, so the test can tell which trigger watches it`);
        references.push({ alias: node.table.table.identifier.name, column: node.column.column.name });
        return;
      case "RawNode":
        // A condition in raw SQL hides its columns from this reading: write it with Kysely's builders.
        if (/[a-z_]/i.test(node.sqlFragments.join(""))) throw new Error(`Raw SQL in the definition: ${node.sqlFragments.join("?")}`);
        return;
    }
    Object.values(node).forEach(visit);
  };
  [root.from, root.joins, root.where, root.orderBy].forEach(visit);
  const read = new Map<string, Set<string>>();
  for (const { alias, column } of references) {
    const table = tableOf.get(alias);
    if (!table) throw new Error(`No table for ${alias}.${column}`);
    if (!read.has(table)) read.set(table, new Set());
    if (column !== "id") read.get(table)!.add(column);
  }
  return new Map([...read].map(([table, columns]) => [table, [...columns].sort()]));
}

/** A small deterministic generator (mulberry32), so a failing sequence can be run again. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

// The feed is written once (feed.membership.ts); the triggers of migration 0105, which tell the
// order held in memory to load again, are a copy of what it reads, held to it here.
describe("feed membership and the triggers that follow it", () => {
  let database: Database;
  const marketplaces: string[] = [];
  let notificationsOf: Awaited<ReturnType<typeof triggerNotificationCounter>>;
  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    marketplaces.push((await createMarketplace(database.db)).id, (await createMarketplace(database.db)).id);
    notificationsOf = await triggerNotificationCounter(database, FEED_ORDER_CHANNEL);
  });
  afterAll(() => database?.close());

  it("reads products' status and rank, media's product, type and status, and listings", () => {
    // What the structural test below holds the triggers to, spelled out for a reader.
    expect(Object.fromEntries(columnsRead(feedMembers(database.db, marketplaces[0])))).toEqual({
      products: ["feed_rank", "status"],
      product_media: ["product_id", "status", "type"],
      marketplace_listings: ["is_active", "marketplace_id", "product_id"],
    });
  });

  it("is followed by triggers on exactly the tables and columns it reads", async () => {
    const read = columnsRead(feedMembers(database.db, marketplaces[0]));
    const installed = await triggersCalling(database, "notify_feed_order");
    expect(new Set(installed.map((trigger) => trigger.table))).toEqual(new Set(read.keys()));
    for (const [table, columns] of read) {
      const own = installed.filter((trigger) => trigger.table === table);
      const on = (event: number) => own.filter((trigger) => trigger.type & event);
      // Rows coming and going change the feed whatever their columns.
      for (const event of [ON_INSERT, ON_DELETE, ON_TRUNCATE]) expect(on(event), `${table}: ${event}`).not.toHaveLength(0);
      const updates = on(ON_UPDATE);
      const watched = updates.some((trigger) => !trigger.columns.length) ? "every column" : [...new Set(updates.flatMap((trigger) => trigger.columns))].sort();
      // Listings change rarely and are all read but created_at: 0105 notifies on any write of them.
      expect(watched, table).toEqual(table === "marketplace_listings" ? "every column" : columns);
    }
  });

  it("tells the order of a write exactly when the write changes what the feed reads, and of every write that changes the feed", async () => {
    const { db } = database;
    const seed = 20_260_142;
    const random = randomFrom(seed);
    const read = columnsRead(feedMembers(db, marketplaces[0]));
    const products: string[] = [];
    const media: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const product = await createProduct(db, { status: i % 3 ? "active" : "draft", marketplaceIds: marketplaces.slice(0, 1 + (i % 2)) });
      products.push(product.id);
      for (const type of ["video", "image"] as const) {
        media.push((await db.insertInto("product_media").values({ product_id: product.id, type, url: `/media/${type}`, metadata: "{}" }).returning("id").executeTakeFirstOrThrow()).id);
      }
    }
    const feedOf = async () => ({
      everywhere: await feedMembers(db).clearSelect().select(["p.id", "p.feed_rank"]).execute(),
      byMarketplace: await Promise.all(marketplaces.map((marketplaceId) => feedMembers(db, marketplaceId).clearSelect().select("p.id").execute())),
    });
    const rowOf = async (table: "products" | "product_media", id: string) =>
      JSON.stringify(await db.selectFrom(table).select(read.get(table)! as never[]).where("id", "=", id).executeTakeFirst());

    const updates = {
      products: {
        status: () => random.pick(["active", "active", "draft", "archived"]),
        feed_rank: () => random.pick([0.25, 0.5, random.next()]),
        stock: () => Math.floor(random.next() * 3),
        title: () => random.pick(["Lamp", "Chair"]),
        rating_sum: () => Math.floor(random.next() * 3),
      },
      product_media: {
        status: () => random.pick(["ready", "ready", "processing", "failed"]),
        type: () => random.pick(["video", "video", "image"]),
        product_id: () => random.pick(products),
        title: () => random.pick(["Take one", "Take two"]),
        like_count: () => Math.floor(random.next() * 3),
      },
    } as const;

    for (let step = 0; step < 120; step += 1) {
      const before = JSON.stringify(await feedOf());
      let write: () => Promise<unknown>;
      let readChanged: () => Promise<boolean>;
      const kind = random.pick(["products", "product_media", "products", "product_media", "listing", "media row", "product row"] as const);
      if (kind === "products" || kind === "product_media") {
        const id = random.pick(kind === "products" ? products : media);
        const [column, value] = random.pick(Object.entries(updates[kind]));
        const rowBefore = await rowOf(kind, id);
        write = () => sql`update ${sql.table(kind)} set ${sql.ref(column)} = ${value()} where id = ${id}`.execute(db);
        readChanged = async () => (await rowOf(kind, id)) !== rowBefore;
      } else if (kind === "listing") {
        // Any write of a listing tells the order (0105), an update that changes nothing included.
        const [productId, marketplaceId] = [random.pick(products), random.pick(marketplaces)];
        write = () =>
          random.pick([
            () => sql`insert into marketplace_listings (product_id, marketplace_id) values (${productId}, ${marketplaceId}) on conflict do nothing`.execute(db),
            () => sql`update marketplace_listings set is_active = not is_active where product_id = ${productId}`.execute(db),
            () => sql`delete from marketplace_listings where product_id = ${productId} and marketplace_id = ${marketplaceId}`.execute(db),
          ])();
        readChanged = async () => true;
      } else if (kind === "media row") {
        const productId = random.pick(products);
        write = async () => {
          if (random.next() < 0.5 && media.length > 4) await db.deleteFrom("product_media").where("id", "=", media.splice(Math.floor(random.next() * media.length), 1)[0]!).execute();
          else media.push((await db.insertInto("product_media").values({ product_id: productId, type: "video", url: "/media/new", metadata: "{}" }).returning("id").executeTakeFirstOrThrow()).id);
        };
        readChanged = async () => true;
      } else {
        write = async () => {
          if (random.next() < 0.5 && products.length > 3) {
            const [gone] = products.splice(Math.floor(random.next() * products.length), 1);
            const goneMedia = await db.selectFrom("product_media").select("id").where("product_id", "=", gone!).execute();
            await db.deleteFrom("products").where("id", "=", gone!).execute();
            for (const { id } of goneMedia) media.splice(media.indexOf(id), 1);
          } else products.push((await db.insertInto("products").values({ title: "New", status: "active", specifications: "{}" }).returning("id").executeTakeFirstOrThrow()).id);
        };
        readChanged = async () => true;
      }
      const heard = await notificationsOf(async () => {}, write);
      const changed = await readChanged();
      const feedChanged = JSON.stringify(await feedOf()) !== before;
      const context = `seed ${seed}, step ${step}: ${kind}`;
      if (feedChanged) expect(heard, `${context} changed the feed unheard`).toBe(1);
      expect(heard, context).toBe(changed ? 1 : 0);
    }
  });
});
