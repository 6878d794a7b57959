import type { AddCartItemBody, Cart } from "@reelmart/core/api/cart";
import { stockShortfall } from "@reelmart/core/cart-lines";
import { priceLines } from "@reelmart/core/pricing";
import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../shared/errors.ts";
import { countTodayFrom } from "../analytics/rollups.ts";

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
    .where("ci.user_id", "=", userId)
    .orderBy("ci.created_at")
    .orderBy("ci.id");
}

/** getCart's statement: the lines with their brand and stock, compiled once (decision 189). */
const cartStatement = compiledOnce((db, { userId }: { userId: string }) =>
  cartLinesQuery(db, userId).leftJoin("brands as b", "b.id", "p.brand_id").select(["p.stock", "b.id as brand_id", "b.name as brand_name", "v.stock as variant_stock"]),
);

export async function getCart(db: Kysely<DB>, userId: string): Promise<Cart> {
  const { rows } = await cartStatement(db, { userId });

  const { items, totalQuantity, total } = priceLines(
    rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      variantId: row.variant_id,
      mediaId: row.media_id,
      quantity: row.quantity,
      product: {
        id: row.product_id,
        title: row.title,
        price: row.price,
        discountPercentage: Number(row.discount_percentage),
        stock: row.stock,
        thumbnailUrl: row.thumbnail_url,
        brand: row.brand_id && row.brand_name ? { id: row.brand_id, name: row.brand_name } : null,
        hasVariants: Boolean(row.has_variants),
      },
      variant:
        row.variant_id && row.variant_stock !== null && row.price_adjustment !== null
          ? { id: row.variant_id, size: row.size, color: row.color, stock: row.variant_stock, priceAdjustment: row.price_adjustment }
          : null,
    })),
  );
  return { items, totalQuantity, total };
}

type AddValues = { userId: string; productId: string; variantId: string | null; mediaId: string | null; quantity: number };

/**
 * The statement of a cart add: it adds to the existing line or creates one, so two concurrent adds
 * can neither lose an increment nor together exceed stock (the conflict update re-checks the locked
 * row). It also checks the variant choice and counts the add (decision 150); only a rejected add
 * pays the reads that explain it (docs/decisions/105). One shape for a variant, one for a product
 * sold whole, each compiled once (decision 189).
 */
const addStatement = (withVariant: boolean) =>
  compiledOnce((db, { userId, productId, variantId, mediaId, quantity }: AddValues) => {
    const add = db
      .insertInto("cart_items")
      .columns(["user_id", "product_id", "variant_id", "media_id", "quantity"])
      .expression((eb) =>
        eb
          .selectFrom("products as p")
          .leftJoin("product_variants as v", (join) => join.onRef("v.product_id", "=", "p.id").on("v.id", "=", variantId))
          .select([
            eb.val(userId).as("user_id"),
            "p.id",
            "v.id as variant_id",
            // A media id that is not this product's is dropped rather than trusted.
            sql<string | null>`(select m.id from product_media m where m.id = ${mediaId} and m.product_id = p.id)`.as("media_id"),
            eb.val(quantity).as("quantity"),
          ])
          .where("p.id", "=", productId)
          .where("p.status", "=", "active")
          // A product sold by size/colour is added as one of its own variants (the join), and only so.
          .where((w) =>
            withVariant
              ? w("v.stock", ">=", quantity)
              : w.and([w("p.stock", ">=", quantity), w.not(w.exists(w.selectFrom("product_variants as pv").select("pv.id").whereRef("pv.product_id", "=", "p.id")))]),
          ),
      )
      .onConflict((oc) =>
        oc
          .constraint("cart_items_line_key")
          .doUpdateSet((eb) => ({
            quantity: eb("cart_items.quantity", "+", eb.ref("excluded.quantity")),
            updated_at: sql<Date>`now()`,
          }))
          .where((eb) => eb(eb("cart_items.quantity", "+", eb.ref("excluded.quantity")), "<=", lineStockOf("excluded.product_id", "excluded.variant_id"))),
      )
      .returning("product_id");
    // The add is counted for the video it started from when that video is this product's (decision 150),
    // which on an existing line need not be the media the line keeps.
    return sql<{ product_id: string }>`
      with added as (${add}),
      counted as (
        select product_id, (select m.id from product_media m where m.id = ${mediaId} and m.product_id = added.product_id) as media_id from added),
      ${countTodayFrom("add_to_carts", sql.table("counted"))}
      select product_id from added`;
  });

const addStatements = { variant: addStatement(true), whole: addStatement(false) };

/** Adds `input` to the shopper's cart (addStatement), or explains why it cannot be added. */
export async function addCartItem(db: Kysely<DB>, userId: string, input: AddCartItemBody): Promise<Cart> {
  const { productId, quantity } = input;
  const variantId = input.variantId ?? null;
  const mediaId = input.mediaId ?? null;
  const { rows } = await addStatements[variantId ? "variant" : "whole"](db, { userId, productId, variantId, mediaId, quantity });
  if (!rows[0]) {
    await requireVariantChoice(db, productId, variantId);
    throw await explainRejectedAdd(db, userId, productId, variantId, quantity);
  }
  return getCart(db, userId);
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
