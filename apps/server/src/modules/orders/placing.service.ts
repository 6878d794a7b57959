// Placing an order (issue #13; docs/decisions/100-orders.md): the Idempotency-Key, the cart's lines priced from
// the database (never the client), and their stock taken by conditional UPDATEs inside the order's transaction.
import { createHash } from "node:crypto";
import { notSoldSentence, soldIn, variantLabel } from "@reelmart/core/cart-lines";
import { toPaise } from "@reelmart/core/format";
import type { Order, PlaceOrderBody } from "@reelmart/core/api/orders";
import { AddressInputSchema } from "@reelmart/core/api/orders";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { deliveryFeePaise, priceLines } from "@reelmart/core/pricing";
import { type Kysely, type Transaction, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, notFound } from "../../shared/errors.ts";
import { cartLinesQuery } from "../cart/cart.service.ts";
import { listingIdsOf } from "../catalog/catalog.scope.ts";
import { countOrder } from "../analytics/rollups.ts";
import { type ParsedAddress, addressRow } from "./addresses.service.ts";
import { sendConfirmation } from "./order-confirmation.ts";
import { addEvent, statusesOf } from "./order-timeline.ts";
import type { Db, OrdersDeps } from "./orders-deps.ts";
import { ensureProviderOrder } from "./provider-order.ts";
import { getOrder } from "./reading.service.ts";

/** A claimed key older than this is taken to belong to a request that died, and may be reused. */
const ABANDONED_KEY_MS = 2 * 60_000;

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
function requestHash(body: unknown): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === "object"
        ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return createHash("sha256").update(JSON.stringify(canonical(body))).digest("hex");
}

export interface PlaceOrderResult {
  order: Order;
  /** The Idempotency-Key named an order placed earlier: this is that order, unchanged. */
  replayed: boolean;
}

/**
 * Places the shopper's whole cart as one order. With an Idempotency-Key (IETF draft): a repeat
 * answers the same order, the same key with another body is refused (422), and a repeat while the
 * first is still running answers 409. A failed placement releases its key so a corrected retry works.
 */
export async function placeOrder(
  deps: OrdersDeps,
  user: { id: string; email: string },
  body: PlaceOrderBody,
  idempotencyKey?: string,
): Promise<PlaceOrderResult> {
  const { db } = deps;
  if (body.paymentMethod === "online" && !deps.provider) throw badRequest("Online payment is not available", "paymentMethod");
  if (idempotencyKey) {
    const hash = requestHash(body);
    const claimed = await claimKey(db, user.id, idempotencyKey, hash);
    if (claimed !== "claimed") return { order: await getOrder(deps, user.id, claimed), replayed: true };
    try {
      const order = await placeInTransaction(deps, user, body, async (trx, orderId) => {
        await trx
          .updateTable("order_idempotency_keys")
          .set({ order_id: orderId })
          .where("user_id", "=", user.id)
          .where("key", "=", idempotencyKey)
          .execute();
      });
      return { order, replayed: false };
    } catch (error) {
      await db.deleteFrom("order_idempotency_keys").where("user_id", "=", user.id).where("key", "=", idempotencyKey).where("order_id", "is", null).execute();
      throw error;
    }
  }
  return { order: await placeInTransaction(deps, user, body), replayed: false };
}

/** "claimed" when this request owns the key now; else the id of the order the key already made. */
async function claimKey(db: Kysely<DB>, userId: string, key: string, hash: string): Promise<"claimed" | string> {
  const inserted = await db
    .insertInto("order_idempotency_keys")
    .values({ user_id: userId, key, request_hash: hash })
    .onConflict((oc) => oc.columns(["user_id", "key"]).doNothing())
    .returning("key")
    .executeTakeFirst();
  if (inserted) return "claimed";
  const existing = await db
    .selectFrom("order_idempotency_keys")
    .select(["request_hash", "order_id", "created_at"])
    .where("user_id", "=", userId)
    .where("key", "=", key)
    .executeTakeFirst();
  if (!existing) return claimKey(db, userId, key, hash);
  if (existing.request_hash !== hash) {
    throw new AppError(ERROR_CODES.idempotencyKeyReused, "This Idempotency-Key was already used with a different request", "idempotency-key");
  }
  if (existing.order_id) return existing.order_id;
  if (Date.now() - new Date(existing.created_at).getTime() > ABANDONED_KEY_MS) {
    const taken = await db
      .updateTable("order_idempotency_keys")
      .set({ created_at: new Date() })
      .where("user_id", "=", userId)
      .where("key", "=", key)
      .where("order_id", "is", null)
      .where("created_at", "=", existing.created_at)
      .returning("key")
      .executeTakeFirst();
    if (taken) return "claimed";
  }
  throw conflict("A request with this Idempotency-Key is still being processed", "idempotency-key");
}

interface CartRow {
  id: string;
  product_id: string;
  variant_id: string | null;
  media_id: string | null;
  quantity: number;
  title: string;
  price: string;
  discount_percentage: string;
  status: string;
  thumbnail_url: string | null;
  size: string | null;
  color: string | null;
  price_adjustment: string | null;
  variant_image: string | null;
  has_variants: boolean;
  listed_in: string[];
}

async function placeInTransaction(
  deps: OrdersDeps,
  user: { id: string; email: string },
  body: PlaceOrderBody,
  beforeCommit?: (trx: Transaction<DB>, orderId: string) => Promise<void>,
): Promise<Order> {
  const { db } = deps;
  const orderId = await db.transaction().execute(async (trx) => {
    const country = await marketplaceCountry(trx, body.marketplaceId ?? null);
    const address = await resolveAddress(trx, user.id, body, country);

    // Locks this shopper's cart lines: a second placement racing this one waits, then finds them gone.
    const rows = (await cartLinesQuery(trx, user.id)
      .select(["p.status", "v.image_url as variant_image", listingIdsOf("p.id").as("listed_in")])
      .forUpdate("ci")
      .execute()) as CartRow[];
    if (!rows.length) throw conflict("Your cart is empty", "cart");
    for (const row of rows) {
      if (row.status !== "active") throw conflict(`${row.title} is no longer available`, `lines.${row.id}`);
      if (row.has_variants && !row.variant_id) throw conflict(`Choose a size or colour for ${row.title}`, `lines.${row.id}`);
    }

    // Only what the order's marketplace lists is sold there (decision 212); the cart says so on the line.
    const unsold = rows.filter((row) => !soldIn(row.listed_in, country.marketplaceId));
    if (unsold.length) throw conflict(notSoldSentence(unsold.map((row) => row.title), country.marketplaceName ?? ""), `lines.${unsold[0]!.id}`);

    const priced = priceLines(
      rows.map((row) => ({
        row,
        quantity: row.quantity,
        product: { price: row.price, discountPercentage: Number(row.discount_percentage) },
        variant: row.price_adjustment === null ? null : { priceAdjustment: row.price_adjustment },
      })),
    );
    const subtotal = priced.totalPaise;
    const fee = deliveryFeePaise(subtotal);
    const online = body.paymentMethod === "online";

    // One order of locks (by product, then variant) for every placement, so two never deadlock.
    const byLockOrder = [...rows].sort((a, b) => `${a.product_id}${a.variant_id ?? ""}`.localeCompare(`${b.product_id}${b.variant_id ?? ""}`));
    for (const row of byLockOrder) await reserveStock(trx, row);

    const order = await trx
      .insertInto("orders")
      .values({
        user_id: user.id,
        marketplace_id: country.marketplaceId,
        status: online ? "pending_payment" : "placed",
        payment_status: online ? "pending" : "authorized",
        payment_method: body.paymentMethod,
        payment_provider: online ? deps.provider!.name : null,
        subtotal_paise: subtotal,
        delivery_fee_paise: fee,
        total_paise: subtotal + fee,
        item_count: priced.totalQuantity,
        shipping_address: JSON.stringify(address),
        expires_at: online ? new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000) : null,
      })
      .returning(["id", "status", "payment_status", "delivery_status"])
      .executeTakeFirstOrThrow();

    await trx
      .insertInto("order_lines")
      .values(
        priced.items.map((line, position) => ({
          order_id: order.id,
          product_id: line.row.product_id,
          variant_id: line.row.variant_id,
          media_id: line.row.media_id,
          title: line.row.title,
          variant_label: variantLabel(line.row.variant_id ? line.row : null),
          image_url: line.row.variant_image ?? line.row.thumbnail_url,
          unit_price_paise: toPaise(line.unitPrice),
          quantity: line.quantity,
          line_total_paise: toPaise(line.lineTotal),
          position,
        })),
      )
      .execute();
    await countOrder(trx, order.id);
    await trx
      .insertInto("stock_movements")
      .values(rows.map((row) => ({ product_id: row.product_id, variant_id: row.variant_id, order_id: order.id, delta: -row.quantity, reason: "sale" })))
      .execute();
    await addEvent(trx, order.id, "placed", "shopper", user.id, statusesOf(order), online ? "Awaiting online payment" : "Cash on delivery");
    await trx.deleteFrom("cart_items").where("id", "in", rows.map((row) => row.id)).execute();
    if (body.saveAddress && body.address) await trx.insertInto("addresses").values(addressRow(user.id, address)).execute();
    await beforeCommit?.(trx, order.id);
    return order.id;
  });

  if (body.paymentMethod === "online") await ensureProviderOrder(deps, orderId);
  else await sendConfirmation(deps, orderId);
  return getOrder(deps, user.id, orderId);
}

/** Takes a line's quantity from its variant (or product) only if that much is there: never read-then-write. */
async function reserveStock(trx: Transaction<DB>, row: CartRow) {
  const label = row.variant_id ? `${row.title} (${variantLabel(row)})` : row.title;
  if (row.variant_id) {
    const taken = await trx
      .updateTable("product_variants")
      .set((eb) => ({ stock: eb("stock", "-", row.quantity) }))
      .where("id", "=", row.variant_id)
      .where("stock", ">=", row.quantity)
      .returning("id")
      .executeTakeFirst();
    if (!taken) throw await outOfStock(trx, row, label);
    // The product's stock is the total across its variants; the variant is the guard (decision 100).
    await trx
      .updateTable("products")
      .set({ stock: sql`greatest(stock - ${row.quantity}, 0)`, updated_at: new Date() })
      .where("id", "=", row.product_id)
      .execute();
    return;
  }
  const taken = await trx
    .updateTable("products")
    .set((eb) => ({ stock: eb("stock", "-", row.quantity), updated_at: new Date() }))
    .where("id", "=", row.product_id)
    .where("stock", ">=", row.quantity)
    .returning("id")
    .executeTakeFirst();
  if (!taken) throw await outOfStock(trx, row, label);
}

async function outOfStock(trx: Transaction<DB>, row: CartRow, label: string) {
  const left = row.variant_id
    ? await trx.selectFrom("product_variants").select("stock").where("id", "=", row.variant_id).executeTakeFirst()
    : await trx.selectFrom("products").select("stock").where("id", "=", row.product_id).executeTakeFirst();
  const stock = left?.stock ?? 0;
  return conflict(stock > 0 ? `Only ${stock} left of ${label}` : `${label} is out of stock`, `lines.${row.id}`);
}

async function marketplaceCountry(db: Db, marketplaceId: string | null) {
  if (!marketplaceId) return { marketplaceId: null, marketplaceName: null, countryCode: "IN" };
  const row = await db.selectFrom("marketplaces").select(["id", "name", "country_code"]).where("id", "=", marketplaceId).where("is_active", "=", true).executeTakeFirst();
  if (!row) throw badRequest("Unknown marketplace", "marketplaceId");
  return { marketplaceId: row.id, marketplaceName: row.name, countryCode: row.country_code ?? "IN" };
}

async function resolveAddress(db: Db, userId: string, body: PlaceOrderBody, country: { countryCode: string }): Promise<ParsedAddress> {
  let address: ParsedAddress;
  if (body.addressId) {
    const saved = await db.selectFrom("addresses").selectAll().where("id", "=", body.addressId).where("user_id", "=", userId).executeTakeFirst();
    if (!saved) throw notFound("Address not found");
    address = {
      name: saved.name,
      phone: saved.phone,
      line1: saved.line1,
      line2: saved.line2 ?? "",
      city: saved.city,
      state: saved.state,
      postalCode: saved.postal_code,
      countryCode: saved.country_code,
    };
  } else {
    address = AddressInputSchema.parse(body.address);
  }
  if (address.countryCode !== country.countryCode) {
    throw badRequest(`This marketplace delivers to addresses in ${country.countryCode} only`, body.addressId ? "addressId" : "address.countryCode");
  }
  return address;
}
