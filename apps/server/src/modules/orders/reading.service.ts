// Reading orders: one order with its lines and timeline (the shopper's or any, for the admin), keyset
// lists, the shopper's counts and whether they bought a product, and the admin dashboard's figures.
import { fromPaise } from "@reelmart/core/format";
import type { AdminOrderList, OnlinePayment, Order, OrderStatus } from "@reelmart/core/api/orders";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../shared/errors.ts";
import { decodeCursor, encodeCursor } from "../catalog/catalog.cursor.ts";
import { type Actor, statusesOf } from "./order-timeline.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { ensureProviderOrder } from "./provider-order.ts";

const orderColumns = [
  "o.id",
  "o.number",
  "o.user_id",
  "o.marketplace_id",
  "o.status",
  "o.payment_status",
  "o.delivery_status",
  "o.payment_method",
  "o.provider_order_id",
  "o.subtotal_paise",
  "o.delivery_fee_paise",
  "o.total_paise",
  "o.currency",
  "o.item_count",
  "o.shipping_address",
  "o.expires_at",
  "o.created_at",
] as const;

const money = (paise: string | number) => fromPaise(Number(paise));
const iso = (value: Date | string) => new Date(value).toISOString();

interface OrderBaseRow {
  id: string;
  number: string | number | bigint;
  status: string;
  payment_status: string;
  delivery_status: string;
  payment_method: string;
  subtotal_paise: string | number;
  delivery_fee_paise: string | number;
  total_paise: string | number;
  currency: string;
  item_count: number;
  created_at: Date | string;
}

/** The fields every view of an order shares (core's OrderBaseSchema), for the shopper and the admin alike. */
const orderBaseOf = (row: OrderBaseRow) => ({
  id: row.id,
  number: String(row.number),
  ...statusesOf(row),
  paymentMethod: row.payment_method as Order["paymentMethod"],
  subtotal: money(row.subtotal_paise),
  deliveryFee: money(row.delivery_fee_paise),
  total: money(row.total_paise),
  currency: row.currency,
  itemCount: row.item_count,
  createdAt: iso(row.created_at),
});

/** Shoppers may cancel until the parcel ships (no fee). */
export const shopperMayCancel = (status: string) => status === "pending_payment" || status === "placed";

/**
 * The statuses of an order whose goods the shopper has bought: the store took it (cash on delivery
 * at once, an online order once paid) and it was neither cancelled (an unpaid online order that
 * expired is cancelled too) nor returned.
 */
const BOUGHT_STATUSES: OrderStatus[] = ["placed", "shipped", "delivered", "completed"];

/** Whether the shopper has bought the product: a line of it in one of their orders in BOUGHT_STATUSES. */
export async function hasBoughtProduct(db: Kysely<DB>, userId: string, productId: string): Promise<boolean> {
  const line = await db
    .selectFrom("orders as o")
    .innerJoin("order_lines as l", "l.order_id", "o.id")
    .select("l.id")
    .where("o.user_id", "=", userId)
    .where("o.status", "in", BOUGHT_STATUSES)
    .where("l.product_id", "=", productId)
    .limit(1)
    .executeTakeFirst();
  return line !== undefined;
}

/**
 * The profile's Orders counter (decision 216): every order the shopper has placed, whatever became of
 * it (cancelled and returned ones were orders too), but those that expired unpaid: a checkout whose
 * online payment never came is an attempt, not an order. One awaiting its payment still counts.
 */
export async function countPlacedOrders(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("orders as o")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("o.user_id", "=", userId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("order_events as e").select("e.id").whereRef("e.order_id", "=", "o.id").where("e.kind", "=", "expire"))))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The shopper's order with lines and timeline; another user's order is not found (404). */
export async function getOrder(deps: OrdersDeps, userId: string | null, orderId: string): Promise<Order> {
  let query = deps.db.selectFrom("orders as o").select([...orderColumns]).where("o.id", "=", orderId);
  if (userId !== null) query = query.where("o.user_id", "=", userId);
  let row = await query.executeTakeFirst();
  if (!row) throw notFound("Order not found");
  if (row.status === "pending_payment" && !row.provider_order_id && deps.provider) {
    await ensureProviderOrder(deps, orderId);
    row = (await query.executeTakeFirst()) ?? row;
  }
  const [lines, events] = await Promise.all([
    deps.db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute(),
    deps.db.selectFrom("order_events").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute(),
  ]);
  const address = row.shipping_address as unknown as Order["shippingAddress"];
  const payment: OnlinePayment | null =
    row.status === "pending_payment" && row.provider_order_id && deps.provider
      ? {
          provider: deps.provider.name,
          keyId: deps.provider.publicKey,
          providerOrderId: row.provider_order_id,
          amountPaise: Number(row.total_paise),
          currency: row.currency,
          checkoutScriptUrl: deps.provider.checkoutScriptUrl,
        }
      : null;
  return {
    ...orderBaseOf(row),
    marketplaceId: row.marketplace_id,
    expiresAt: row.expires_at ? iso(row.expires_at) : null,
    shippingAddress: { ...address, line2: address.line2 ?? "" },
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.product_id,
      variantId: line.variant_id,
      mediaId: line.media_id,
      title: line.title,
      variantLabel: line.variant_label,
      imageUrl: line.image_url,
      unitPrice: money(line.unit_price_paise),
      quantity: line.quantity,
      lineTotal: money(line.line_total_paise),
    })),
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      actor: event.actor as Actor,
      ...statusesOf(event),
      note: event.note,
      createdAt: iso(event.created_at),
    })),
    canCancel: shopperMayCancel(row.status),
    payment,
  };
}

export interface OrderListFilter {
  userId?: string;
  status?: OrderStatus;
  marketplaceId?: string;
  from?: string;
  to?: string;
  cursor?: string;
  limit: number;
}

/** Newest first, one keyset page; each with its first line's title and image for the list row. */
export async function listOrders(db: Kysely<DB>, filter: OrderListFilter): Promise<AdminOrderList> {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  if (filter.cursor && !after) throw badRequest("Invalid cursor", "cursor");
  let query = db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select([...orderColumns, "u.email"])
    .select((eb) => [
      sql<string>`(extract(epoch from o.created_at) * 1000000)::bigint::text`.as("keyset_at"),
      eb.selectFrom("order_lines as l").select("l.title").whereRef("l.order_id", "=", "o.id").orderBy("l.position").limit(1).as("first_title"),
      eb.selectFrom("order_lines as l").select("l.image_url").whereRef("l.order_id", "=", "o.id").orderBy("l.position").limit(1).as("first_image"),
      eb.selectFrom("order_lines as l").select((l) => l.fn.countAll<string>().as("n")).whereRef("l.order_id", "=", "o.id").as("line_count"),
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id", "desc")
    .limit(filter.limit + 1);
  if (filter.userId) query = query.where("o.user_id", "=", filter.userId);
  if (filter.status) query = query.where("o.status", "=", filter.status);
  if (filter.marketplaceId) query = query.where("o.marketplace_id", "=", filter.marketplaceId);
  if (filter.from) query = query.where("o.created_at", ">=", new Date(`${filter.from}T00:00:00Z`));
  if (filter.to) query = query.where("o.created_at", "<", new Date(new Date(`${filter.to}T00:00:00Z`).getTime() + 86_400_000));
  if (after) {
    query = query.where(
      sql<boolean>`(o.created_at, o.id) < (timestamptz 'epoch' + cast(${after.createdAtMicros} as bigint) * interval '1 microsecond', cast(${after.id} as uuid))`,
    );
  }
  const rows = await query.execute();
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      ...orderBaseOf(row),
      title: row.first_title ?? "",
      imageUrl: row.first_image ?? null,
      lineCount: Number(row.line_count ?? 0),
      customerEmail: row.email,
      marketplaceId: row.marketplace_id,
    })),
    nextCursor: rows.length > filter.limit && last ? encodeCursor({ createdAtMicros: last.keyset_at, id: last.id }) : null,
  };
}

// Dashboard

export async function orderStats(db: Kysely<DB>, now = new Date()) {
  const startOfDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const rows = await db
    .selectFrom("orders")
    .select((eb) => [
      "status",
      eb.fn.countAll<string>().as("count"),
      eb.fn.sum<string>("total_paise").as("total"),
      eb.fn.countAll<string>().filterWhere("created_at", ">=", startOfDay).as("today"),
    ])
    .groupBy("status")
    .execute();
  const byStatus: Record<string, number> = {};
  let orders = 0;
  let ordersToday = 0;
  let revenue = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    orders += Number(row.count);
    ordersToday += Number(row.today);
    if (!["cancelled", "returned", "pending_payment"].includes(row.status)) revenue += Number(row.total ?? 0);
  }
  return { orders, ordersToday, revenue: fromPaise(revenue), byStatus };
}
