import type { AddCartItemBody, Cart } from "@reelmart/core/api/cart";
import { stockShortfall } from "@reelmart/core/cart-lines";
import { priceLines } from "@reelmart/core/pricing";
import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import { GroupCommit, type PendingWrite } from "../../db/group-commit.ts";
import type { DB } from "../../db/schema.ts";
import type { CatalogueCache } from "../../read-model/catalogue-cache.ts";
import { listingIdsOf } from "../catalog/catalog.scope.ts";
import { badRequest, conflict, notFound } from "../../shared/errors.ts";
import { countTodayGroupedFrom } from "../analytics/rollups.ts";
import { type HeldCartLines, type HeldLine, cartJsonFromCatalogue, toCartProduct } from "../../read-model/held-cart-lines.ts";

// Every query here is scoped by user_id: another user's line is simply not found (404), never visible.
// A line is a product plus its variant (docs/decisions/100-orders.md); the variant's stock bounds it.

/** The stock a line may take, in SQL: its variant's when it has one, else the product's. */
const lineStockOf = (productRef: string, variantRef: string) =>
  sql<number>`coalesce((select stock from product_variants where id = ${sql.ref(variantRef)}), (select stock from products where id = ${sql.ref(productRef)}))`;

/**
 * A shopper's cart lines, oldest first, with what pricing them needs: the line, its product's price
 * and discount, its variant's options and adjustment, and whether the product has variants at all.
 * The cart adds what it shows; order placement adds what it snapshots, and its lock.
 */
export function cartLinesQuery(db: Kysely<DB>, userId: string) {
  return cartLines(db).where("ci.user_id", "=", userId);
}

/** cartLinesQuery of every shopper: the caller says whose. */
function cartLines(db: Kysely<DB>) {
  return db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .leftJoin("product_variants as v", "v.id", "ci.variant_id")
    .select((eb) => [
      "ci.id",
      "ci.product_id",
      "ci.variant_id",
      "ci.media_id",
      "ci.quantity",
      "p.title",
      "p.price",
      "p.discount_percentage",
      "p.thumbnail_url",
      "v.size",
      "v.color",
      "v.price_adjustment",
      eb.exists(eb.selectFrom("product_variants as pv").select("pv.id").whereRef("pv.product_id", "=", "p.id")).as("has_variants"),
    ])
    .orderBy("ci.created_at")
    .orderBy("ci.id");
}

/** What the cart shows of each line beyond cartLinesQuery: its brand and stock. */
const withBrandAndStock = <Query extends ReturnType<typeof cartLinesQuery>>(lines: Query) =>
  lines
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select(["p.stock", "b.id as brand_id", "b.name as brand_name", "v.stock as variant_stock", listingIdsOf("p.id").as("listed_in")]);

/** getCart's statement, compiled once (decision 189). */
const cartStatement = compiledOnce((db, { userId }: { userId: string }) => withBrandAndStock(cartLinesQuery(db, userId)));

/** The carts of several shoppers in one statement (a batch of adds, decision 200), each shopper's lines in cart order. */
const cartsStatement = compiledOnce((db, { userIds }: { userIds: string[] }) =>
  withBrandAndStock(cartLines(db).where("ci.user_id", "=", sql<string>`any(${userIds}::text[])`)).select("ci.user_id"),
);

type CartLineRow = Awaited<ReturnType<typeof cartStatement>>["rows"][number];

export async function getCart(db: Kysely<DB>, userId: string): Promise<Cart> {
  const { rows } = await cartStatement(db, { userId });
  return cartOf(rows);
}

/**
 * Each shopper's cart, the shoppers with no lines included. One shopper's is read by getCart's
 * statement: PostgreSQL plans cartsStatement again on every run (its array parameter's generic plan
 * never looks cheaper than a custom one), which cost a lone add 1 ms more of PGlite's CPU.
 */
async function getCarts(db: Kysely<DB>, userIds: readonly string[]): Promise<Map<string, Cart>> {
  if (userIds.length === 1) return new Map([[userIds[0]!, await getCart(db, userIds[0]!)]]);
  const { rows } = await cartsStatement(db, { userIds: [...userIds] });
  const linesOf = new Map<string, CartLineRow[]>(userIds.map((userId) => [userId, []]));
  for (const row of rows) linesOf.get(row.user_id)?.push(row);
  return new Map([...linesOf].map(([userId, lines]) => [userId, cartOf(lines)]));
}

function cartOf(rows: readonly CartLineRow[]): Cart {
  const { items, totalQuantity, total } = priceLines(
    rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      variantId: row.variant_id,
      mediaId: row.media_id,
      quantity: row.quantity,
      product: toCartProduct(row.product_id, row, Boolean(row.has_variants), row.listed_in),
      variant:
        row.variant_id && row.variant_stock !== null && row.price_adjustment !== null
          ? { id: row.variant_id, size: row.size, color: row.color, stock: row.variant_stock, priceAdjustment: row.price_adjustment }
          : null,
    })),
  );
  return { items, totalQuantity, total };
}

/** One shopper's add of a line. */
type CartAdd = { userId: string; productId: string; variantId: string | null; mediaId: string | null; quantity: number };

/** Throws why an add the statement refused could not be added. */
async function explainRefusedAdd(db: Kysely<DB>, { userId, productId, variantId, quantity }: CartAdd): Promise<never> {
  await requireVariantChoice(db, productId, variantId);
  throw await explainRejectedAdd(db, userId, productId, variantId, quantity);
}

/**
 * The statement of a batch of cart adds (a single add is a batch of one), each of a different line
 * (shopper, product, variant). Each adds to the existing line or creates one, so two concurrent adds
 * can neither lose an increment nor together exceed stock (the conflict update re-checks the locked
 * row). It also checks the variant choice (a product sold by size/colour is added as one of its own
 * variants, and only so; a media id that is not the product's is dropped rather than trusted) and
 * counts the adds per media and product (countTodayGroupedFrom, decisions 150 and 200): an add is
 * counted for the video it started from when that video is this product's, which on an existing
 * line need not be the media the line keeps. Only a refused add pays the reads that explain it
 * (docs/decisions/105). Returns the lines it wrote, each as it now is and with its shopper's cart
 * version as the statement found it (decision 201); an add that is not among them was refused.
 * Compiled once (decision 189).
 */
const addBatchStatement = compiledOnce(
  (db, values: { userIds: string[]; productIds: string[]; variantIds: (string | null)[]; mediaIds: (string | null)[]; quantities: number[] }) =>
    sql<{ user_id: string; id: string; product_id: string; variant_id: string | null; media_id: string | null; quantity: number; version_before: number | null }>`
      with input as (
        select * from unnest(${values.userIds}::text[], ${values.productIds}::uuid[], ${values.variantIds}::uuid[], ${values.mediaIds}::uuid[], ${values.quantities}::int[])
          as i(user_id, product_id, variant_id, media_id, quantity)),
      added as (
        insert into cart_items (user_id, product_id, variant_id, media_id, quantity)
        select i.user_id, p.id, v.id, (select m.id from product_media m where m.id = i.media_id and m.product_id = p.id), i.quantity
        from input i join products p on p.id = i.product_id and p.status = 'active'
        left join product_variants v on v.product_id = p.id and v.id = i.variant_id
        where case when i.variant_id is null
          then p.stock >= i.quantity and not exists (select 1 from product_variants pv where pv.product_id = p.id)
          else v.stock >= i.quantity end
        order by i.user_id, p.id, v.id
        on conflict on constraint cart_items_line_key do update
          set quantity = cart_items.quantity + excluded.quantity, updated_at = now()
          where cart_items.quantity + excluded.quantity <= ${lineStockOf("excluded.product_id", "excluded.variant_id")}
        returning user_id, id, product_id, variant_id, media_id, quantity),
      counted as (
        select a.product_id, (select m.id from product_media m where m.id = i.media_id and m.product_id = a.product_id) as media_id
        from added a join input i on i.user_id = a.user_id and i.product_id = a.product_id and i.variant_id is not distinct from a.variant_id),
      ${countTodayGroupedFrom("add_to_carts", sql.table("counted"))}
      select a.*, v.version as version_before from added a left join cart_versions v on v.user_id = a.user_id`,
);

/** A line's identity (cart_items_line_key); ids as PostgreSQL writes uuids, in lower case. */
const lineKey = ({ userId, productId, variantId }: Pick<CartAdd, "userId" | "productId" | "variantId">) =>
  `${userId} ${productId.toLowerCase()} ${variantId?.toLowerCase() ?? ""}`;

/** The carts of several shoppers as cart_items has them, with the version they were read at (decision 201). */
const heldLinesStatement = compiledOnce((db, { userIds }: { userIds: string[] }) =>
  sql<{ user_id: string; version: number | null; id: string | null; product_id: string; variant_id: string | null; media_id: string | null; quantity: number }>`
    select s.user_id, v.version, ci.id, ci.product_id, ci.variant_id, ci.media_id, ci.quantity
    from unnest(${userIds}::text[]) as s(user_id)
    left join cart_versions v on v.user_id = s.user_id
    left join cart_items ci on ci.user_id = s.user_id
    order by s.user_id, ci.created_at, ci.id`,
);

const cartJson = (cart: Cart) => Buffer.from(JSON.stringify(cart));
const cartsJson = (carts: Map<string, Cart>) => new Map([...carts].map(([userId, cart]) => [userId, cartJson(cart)]));

/** Rows by their shopper, in the order they came. */
function byShopper<Row extends { user_id: string }>(rows: readonly Row[]): Map<string, Row[]> {
  const grouped = new Map<string, Row[]>();
  for (const row of rows) {
    const own = grouped.get(row.user_id);
    if (own) own.push(row);
    else grouped.set(row.user_id, [row]);
  }
  return grouped;
}

const heldLine = (row: { id: string; product_id: string; variant_id: string | null; media_id: string | null; quantity: number }): HeldLine => ({
  id: row.id,
  productId: row.product_id,
  variantId: row.variant_id,
  mediaId: row.media_id,
  quantity: row.quantity,
});

/**
 * Cart adds, those arriving together in one statement and their carts read in one more (a group
 * commit, decision 200): fifty shoppers adding one product at once move its daily rows once. Two
 * adds of one line are written in two batches, in the order they came. With the catalogue cache, a
 * batch's carts are answered from the lines held in memory and the catalogue (decision 201), and
 * only the shoppers whose lines changed elsewhere are read again. It answers carts as the JSON bytes
 * the route sends: from memory, a cart is its lines' bytes joined.
 */
export class CartAddWriter {
  private readonly batches: GroupCommit<CartAdd, Buffer>;
  constructor(
    private readonly db: Kysely<DB>,
    /** The lines held and the catalogue their products come from (the read model's); without them, every cart is read. */
    private readonly memory?: { held: HeldCartLines; catalogue: CatalogueCache },
  ) {
    this.batches = new GroupCommit<CartAdd, Buffer>({
      keyOf: lineKey,
      // One add goes the batch's way too: one rule, and with memory its cart needs no read either.
      writeOne: (write) => this.writeMany([write]),
      writeMany: (batch) => this.writeMany(batch),
      maxBatch: 200,
    });
  }

  /** Adds `input` to the shopper's cart and answers the cart as JSON bytes, or explains why it cannot be added. */
  add(userId: string, input: AddCartItemBody): Promise<Buffer> {
    return this.batches.submit({ userId, productId: input.productId, variantId: input.variantId ?? null, mediaId: input.mediaId ?? null, quantity: input.quantity });
  }

  private async writeMany(batch: readonly PendingWrite<CartAdd, Buffer>[]) {
    const adds = batch.map((write) => write.item);
    const { rows } = await addBatchStatement(this.db, {
      userIds: adds.map((add) => add.userId),
      productIds: adds.map((add) => add.productId),
      variantIds: adds.map((add) => add.variantId),
      mediaIds: adds.map((add) => add.mediaId),
      quantities: adds.map((add) => add.quantity),
    });
    const written = new Set(rows.map((row) => lineKey({ userId: row.user_id, productId: row.product_id, variantId: row.variant_id })));
    const accepted = batch.filter((write) => written.has(lineKey(write.item)));
    // Written: from here on nothing may throw, or GroupCommit would write the batch again one by one.
    if (accepted.length) {
      await this.cartsAfter(rows).then(
        (carts) => accepted.forEach((write) => write.resolve(carts.get(write.item.userId)!)),
        (error: unknown) => accepted.forEach((write) => write.reject(error)),
      );
    }
    for (const write of batch) if (!written.has(lineKey(write.item))) await explainRefusedAdd(this.db, write.item).catch(write.reject);
  }

  /** The carts of the shoppers whose lines `rows` wrote, as they are after the write, as JSON bytes. */
  private async cartsAfter(rows: Awaited<ReturnType<typeof addBatchStatement>>["rows"]): Promise<Map<string, Buffer>> {
    if (!this.memory) return cartsJson(await getCarts(this.db, [...new Set(rows.map((row) => row.user_id))]));
    const { held, catalogue } = this.memory;
    const linesOf = new Map<string, HeldLine[]>();
    const unheld: string[] = [];
    for (const [userId, own] of byShopper(rows)) {
      const lines = held.afterWrite(userId, own[0]!.version_before, own.map(heldLine));
      if (lines) linesOf.set(userId, lines);
      else unheld.push(userId);
    }
    if (unheld.length) {
      const { rows: read } = await heldLinesStatement(this.db, { userIds: unheld });
      for (const [userId, own] of byShopper(read)) {
        // A shopper without lines is one row whose line columns are null.
        const lines = own.filter((row): row is typeof row & { id: string } => row.id !== null).map(heldLine);
        held.hold(userId, own[0]!.version, lines);
        linesOf.set(userId, lines);
      }
    }
    const carts = new Map<string, Buffer>();
    const notInCatalogue: string[] = [];
    for (const [userId, lines] of linesOf) {
      const cart = cartJsonFromCatalogue(lines, catalogue);
      if (cart) carts.set(userId, cart);
      else notInCatalogue.push(userId);
    }
    if (notInCatalogue.length) for (const [userId, cart] of cartsJson(await getCarts(this.db, notInCatalogue))) carts.set(userId, cart);
    return carts;
  }
}

/** Sets a line's quantity; 0 or less removes it (000 §5). */
export async function setCartQuantity(db: Kysely<DB>, userId: string, lineId: string, quantity: number): Promise<Cart> {
  if (quantity <= 0) return removeCartItem(db, userId, lineId);
  const updated = await db
    .updateTable("cart_items")
    .set({ quantity, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("id", "=", lineId)
    .where((eb) => eb(eb.val(quantity), "<=", lineStockOf("cart_items.product_id", "cart_items.variant_id")))
    .returning("quantity")
    .executeTakeFirst();
  if (!updated) throw await explainRejectedSet(db, userId, lineId, quantity);
  return getCart(db, userId);
}

export async function removeCartItem(db: Kysely<DB>, userId: string, lineId: string): Promise<Cart> {
  const deleted = await db.deleteFrom("cart_items").where("user_id", "=", userId).where("id", "=", lineId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound("This line is not in your cart");
  return getCart(db, userId);
}

export async function clearCart(db: Kysely<DB>, userId: string): Promise<Cart> {
  await db.deleteFrom("cart_items").where("user_id", "=", userId).execute();
  return getCart(db, userId);
}

/** A product sold by size/colour is added as one of its variants, and only its own: the reason a rejected add names first. */
async function requireVariantChoice(db: Kysely<DB>, productId: string, variantId: string | null) {
  const variants = await db.selectFrom("product_variants").select("id").where("product_id", "=", productId).execute();
  if (variantId && !variants.some((variant) => variant.id === variantId)) throw notFound(`Variant not found with ID ${variantId}`);
  if (!variantId && variants.length) throw badRequest("Choose a size or colour first", "variantId");
}

/** Runs only after a write matched nothing, to tell "no such product" from "not enough stock". */
async function explainRejectedAdd(db: Kysely<DB>, userId: string, productId: string, variantId: string | null, quantity: number) {
  const product = await db.selectFrom("products").select(["stock", "status"]).where("id", "=", productId).executeTakeFirst();
  if (!product || product.status !== "active") return notFound(`Product not found with ID ${productId}`);
  const variant = variantId ? await db.selectFrom("product_variants").select("stock").where("id", "=", variantId).executeTakeFirst() : undefined;
  const line = await db
    .selectFrom("cart_items")
    .select("quantity")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .where((eb) => (variantId ? eb("variant_id", "=", variantId) : eb("variant_id", "is", null)))
    .executeTakeFirst();
  const stock = variant ? variant.stock : product.stock;
  return conflict(stockShortfall(stock, quantity, line?.quantity ?? 0) ?? "The stock changed, please try again", "quantity");
}

async function explainRejectedSet(db: Kysely<DB>, userId: string, lineId: string, quantity: number) {
  const line = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .leftJoin("product_variants as v", "v.id", "ci.variant_id")
    .select(["p.stock", "v.stock as variant_stock"])
    .where("ci.user_id", "=", userId)
    .where("ci.id", "=", lineId)
    .executeTakeFirst();
  if (!line) return notFound("This line is not in your cart");
  return conflict(stockShortfall(line.variant_stock ?? line.stock, quantity) ?? "The stock changed, please try again", "quantity");
}
