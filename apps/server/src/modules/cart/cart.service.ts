import type { Cart, CartItem } from "@reelmart/core/api/cart";
import { discountedPaise, fromPaise } from "@reelmart/core/format";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../http/errors.ts";

// Every query here is scoped by user_id: another user's line is simply not found (404), never visible.

export async function getCart(db: Kysely<DB>, userId: string): Promise<Cart> {
  const rows = await db
    .selectFrom("cart_items as ci")
    .innerJoin("products as p", "p.id", "ci.product_id")
    .leftJoin("brands as b", "b.id", "p.brand_id")
    .select([
      "ci.id",
      "ci.product_id",
      "ci.quantity",
      "p.title",
      "p.price",
      "p.discount_percentage",
      "p.stock",
      "p.thumbnail_url",
      "b.id as brand_id",
      "b.name as brand_name",
    ])
    .where("ci.user_id", "=", userId)
    .orderBy("ci.created_at")
    .orderBy("ci.id")
    .execute();

  let totalPaise = 0;
  let totalQuantity = 0;
  const items: CartItem[] = rows.map((row) => {
    const unitPaise = discountedPaise(row.price, Number(row.discount_percentage));
    const linePaise = unitPaise * row.quantity;
    totalPaise += linePaise;
    totalQuantity += row.quantity;
    return {
      id: row.id,
      productId: row.product_id,
      quantity: row.quantity,
      unitPrice: fromPaise(unitPaise),
      lineTotal: fromPaise(linePaise),
      product: {
        id: row.product_id,
        title: row.title,
        price: row.price,
        discountPercentage: Number(row.discount_percentage),
        stock: row.stock,
        thumbnailUrl: row.thumbnail_url,
        brand: row.brand_id && row.brand_name ? { id: row.brand_id, name: row.brand_name } : null,
      },
    };
  });
  return { items, totalQuantity, total: fromPaise(totalPaise) };
}

/**
 * Adds to the existing line or creates one in a single statement, so two concurrent adds can
 * neither lose an increment nor together exceed stock (the conflict update re-checks the locked row).
 */
export async function addCartItem(db: Kysely<DB>, userId: string, productId: string, quantity: number): Promise<Cart> {
  const inserted = await db
    .insertInto("cart_items")
    .columns(["user_id", "product_id", "quantity"])
    .expression((eb) =>
      eb
        .selectFrom("products")
        .select([eb.val(userId).as("user_id"), "id", eb.val(quantity).as("quantity")])
        .where("id", "=", productId)
        .where("status", "=", "active")
        .where("stock", ">=", quantity),
    )
    .onConflict((oc) =>
      oc
        .columns(["user_id", "product_id"])
        .doUpdateSet((eb) => ({
          quantity: eb("cart_items.quantity", "+", eb.ref("excluded.quantity")),
          updated_at: new Date(),
        }))
        .where((eb) =>
          eb(
            eb("cart_items.quantity", "+", eb.ref("excluded.quantity")),
            "<=",
            eb.selectFrom("products").select("stock").whereRef("products.id", "=", "excluded.product_id"),
          ),
        ),
    )
    .returning("quantity")
    .executeTakeFirst();
  if (!inserted) throw await explainRejectedQuantity(db, userId, productId, "add");
  return getCart(db, userId);
}

/** Sets a line's quantity; 0 or less removes it (000 §5). */
export async function setCartQuantity(db: Kysely<DB>, userId: string, productId: string, quantity: number): Promise<Cart> {
  if (quantity <= 0) return removeCartItem(db, userId, productId);
  const updated = await db
    .updateTable("cart_items")
    .set({ quantity, updated_at: new Date() })
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .where((eb) => eb(eb.val(quantity), "<=", eb.selectFrom("products").select("stock").whereRef("products.id", "=", "cart_items.product_id")))
    .returning("quantity")
    .executeTakeFirst();
  if (!updated) throw await explainRejectedQuantity(db, userId, productId, "set");
  return getCart(db, userId);
}

export async function removeCartItem(db: Kysely<DB>, userId: string, productId: string): Promise<Cart> {
  const deleted = await db
    .deleteFrom("cart_items")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound("This product is not in your cart");
  return getCart(db, userId);
}

export async function clearCart(db: Kysely<DB>, userId: string): Promise<Cart> {
  await db.deleteFrom("cart_items").where("user_id", "=", userId).execute();
  return getCart(db, userId);
}

/** Runs only after a write matched nothing, to tell "no such product/line" from "not enough stock". */
async function explainRejectedQuantity(db: Kysely<DB>, userId: string, productId: string, mode: "add" | "set") {
  const product = await db.selectFrom("products").select(["stock", "status"]).where("id", "=", productId).executeTakeFirst();
  if (!product || (mode === "add" && product.status !== "active")) return notFound(`Product not found with ID ${productId}`);
  const line = await db
    .selectFrom("cart_items")
    .select("quantity")
    .where("user_id", "=", userId)
    .where("product_id", "=", productId)
    .executeTakeFirst();
  if (mode === "set" && !line) return notFound("This product is not in your cart");
  const inCart = mode === "add" ? (line?.quantity ?? 0) : 0;
  if (product.stock === 0) return conflict("This product is out of stock", "quantity");
  return conflict(`Only ${product.stock} in stock${inCart ? ` and ${inCart} already in your cart` : ""}`, "quantity");
}
