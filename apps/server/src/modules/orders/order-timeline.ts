// An order's three statuses (order, payment, delivery) read from its row, and the timeline entry that
// every change writes with them, in the change's own transaction (docs/decisions/100-orders.md).
import type { DeliveryStatus, OrderEvent, OrderStatus, PaymentStatus } from "@reelmart/core/api/orders";
import type { Db } from "./orders-deps.ts";

export type Actor = OrderEvent["actor"];

export interface Statuses {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryStatus: DeliveryStatus;
}

export const statusesOf = (row: { status: string; payment_status: string; delivery_status: string }): Statuses => ({
  status: row.status as OrderStatus,
  paymentStatus: row.payment_status as PaymentStatus,
  deliveryStatus: row.delivery_status as DeliveryStatus,
});

export async function addEvent(db: Db, orderId: string, kind: string, actor: Actor, actorUserId: string | null, statuses: Statuses, note?: string | null) {
  await db
    .insertInto("order_events")
    .values({
      order_id: orderId,
      kind,
      actor,
      actor_user_id: actorUserId,
      status: statuses.status,
      payment_status: statuses.paymentStatus,
      delivery_status: statuses.deliveryStatus,
      note: note || null,
    })
    .execute();
}

export async function currentStatuses(db: Db, orderId: string): Promise<Statuses> {
  return statusesOf(await db.selectFrom("orders").select(["status", "payment_status", "delivery_status"]).where("id", "=", orderId).executeTakeFirstOrThrow());
}
