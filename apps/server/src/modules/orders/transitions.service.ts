// The order state machine: which move each shopper and admin action makes from which statuses, how the
// payment settles, and the stock going back; every status change writes a timeline entry in the same transaction.
import type { AdminOrderAction, Order, OrderStatus, PaymentStatus } from "@reelmart/core/api/orders";
import type { Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, conflict, notFound } from "../../shared/errors.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, type Statuses, addEvent, currentStatuses, statusesOf } from "./order-timeline.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { getOrder } from "./reading.service.ts";

interface Transition {
  from: OrderStatus[];
  to: Partial<Statuses> & { status: OrderStatus };
  /** Stock goes back with this movement reason. */
  restock?: "cancel" | "expire" | "return";
}

/** What each admin action does; a cancel/return also settles the payment (see settlePayment). */
const ADMIN_TRANSITIONS: Record<AdminOrderAction, Transition> = {
  ship: { from: ["placed"], to: { status: "shipped", deliveryStatus: "shipped" } },
  deliver: { from: ["shipped"], to: { status: "delivered", deliveryStatus: "delivered" } },
  complete: { from: ["delivered"], to: { status: "completed" } },
  cancel: { from: ["pending_payment", "placed", "shipped"], to: { status: "cancelled" }, restock: "cancel" },
  return: { from: ["shipped"], to: { status: "returned", deliveryStatus: "returned" }, restock: "return" },
};

export const allowedAdminActions = (status: string): AdminOrderAction[] =>
  (Object.keys(ADMIN_TRANSITIONS) as AdminOrderAction[]).filter((action) => ADMIN_TRANSITIONS[action].from.includes(status as OrderStatus));

const STATUS_WORDS: Record<string, string> = {
  pending_payment: "awaiting payment",
  placed: "placed",
  shipped: "shipped",
  delivered: "delivered",
  completed: "completed",
  cancelled: "cancelled",
  returned: "returned",
};

const PAST_TENSE: Record<string, string> = {
  ship: "shipped",
  deliver: "delivered",
  complete: "completed",
  cancel: "cancelled",
  return: "marked returned",
  expire: "expired",
};

/** The payment status a transition leaves behind, from the payment method and where the money is. */
function settlePayment(method: string, payment: string, to: OrderStatus): PaymentStatus {
  if (to === "delivered" && method === "cod" && payment === "authorized") return "captured";
  if (to === "cancelled" || to === "returned") {
    if (payment === "captured") return "refunded";
    if (payment === "authorized" || payment === "pending") return "voided";
  }
  return payment as PaymentStatus;
}

/**
 * Moves an order from one of `transition.from` to its target in one conditional UPDATE (so a
 * concurrent change cannot be overwritten), returns its stock when the transition says so, and
 * writes the timeline entry: all in one transaction.
 */
async function transition(
  deps: OrdersDeps,
  orderId: string,
  kind: string,
  move: Transition,
  actor: Actor,
  actorUserId: string | null,
  note: string | undefined,
  scopeUserId?: string,
  audit?: (trx: Transaction<DB>, before: { status: string }, after: { status: string }) => Promise<void>,
) {
  const result = await deps.db.transaction().execute(async (trx) => {
    let current = trx.selectFrom("orders").select(["status", "payment_status", "payment_method", "provider_payment_id", "total_paise"]).where("id", "=", orderId);
    if (scopeUserId) current = current.where("user_id", "=", scopeUserId);
    const before = await current.forUpdate().executeTakeFirst();
    if (!before) throw notFound("Order not found");
    if (!move.from.includes(before.status as OrderStatus)) {
      throw conflict(`This order is ${STATUS_WORDS[before.status] ?? before.status} and cannot be ${PAST_TENSE[kind] ?? kind}`, "status");
    }
    const nextPayment = move.to.paymentStatus ?? settlePayment(before.payment_method, before.payment_status, move.to.status);
    const after = await trx
      .updateTable("orders")
      .set({
        status: move.to.status,
        payment_status: nextPayment,
        ...(move.to.deliveryStatus ? { delivery_status: move.to.deliveryStatus } : {}),
        expires_at: null,
        updated_at: new Date(),
      })
      .where("id", "=", orderId)
      .returning(["status", "payment_status", "delivery_status"])
      .executeTakeFirstOrThrow();
    if (move.restock) await restock(trx, orderId, move.restock);
    await addEvent(trx, orderId, kind, actor, actorUserId, statusesOf(after), note);
    await audit?.(trx, before, after);
    return { refund: before.payment_status === "captured" && nextPayment === "refunded" ? before : null };
  });
  if (result.refund?.provider_payment_id && deps.provider) {
    try {
      await deps.provider.refund(result.refund.provider_payment_id, Number(result.refund.total_paise));
    } catch (error) {
      deps.logger.error({ err: error, orderId }, "refund could not be requested from the payment provider");
      await addEvent(deps.db, orderId, "refund_failed", "system", null, await currentStatuses(deps.db, orderId), "The refund must be issued by hand");
    }
  }
}

/** Puts every line's quantity back on its variant (and the product's total), with a movement each. */
async function restock(trx: Transaction<DB>, orderId: string, reason: "cancel" | "expire" | "return") {
  const lines = await trx.selectFrom("order_lines").select(["product_id", "variant_id", "quantity"]).where("order_id", "=", orderId).execute();
  for (const line of lines) {
    if (!line.product_id) continue;
    if (line.variant_id) {
      await trx.updateTable("product_variants").set((eb) => ({ stock: eb("stock", "+", line.quantity) })).where("id", "=", line.variant_id).execute();
    }
    await trx.updateTable("products").set((eb) => ({ stock: eb("stock", "+", line.quantity), updated_at: new Date() })).where("id", "=", line.product_id).execute();
    await trx.insertInto("stock_movements").values({ product_id: line.product_id, variant_id: line.variant_id, order_id: orderId, delta: line.quantity, reason }).execute();
  }
}

/** The shopper cancels before shipping, without a fee; stock returns. Another user's order: 404. */
export async function cancelOrderAsShopper(deps: OrdersDeps, userId: string, orderId: string, note?: string): Promise<Order> {
  await transition(deps, orderId, "cancel", { from: ["pending_payment", "placed"], to: { status: "cancelled" }, restock: "cancel" }, "shopper", userId, note ?? "Cancelled by the shopper", userId);
  return getOrder(deps, userId, orderId);
}

export async function actAsAdmin(deps: OrdersDeps, admin: { userId: string; email: string }, orderId: string, action: AdminOrderAction, note?: string): Promise<void> {
  await transition(deps, orderId, action, ADMIN_TRANSITIONS[action], "admin", admin.userId, note, undefined, (trx, before, after) =>
    recordAudit(trx, {
      actor: admin,
      action: PAST_TENSE[action] ?? action,
      entity: "order",
      entityId: orderId,
      summary: { status: [before.status, after.status], note: note ?? null },
    }),
  );
}

/**
 * Cancels online orders whose payment did not arrive in time and releases their stock. Safe on
 * many instances at once: each order is re-checked under its row lock before it moves.
 */
export async function expireUnpaidOrders(deps: OrdersDeps, now = new Date()): Promise<number> {
  const due = await deps.db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "pending_payment")
    .where("expires_at", "<=", now)
    .orderBy("expires_at")
    .limit(100)
    .execute();
  let expired = 0;
  for (const { id } of due) {
    try {
      await transition(deps, id, "expire", { from: ["pending_payment"], to: { status: "cancelled", paymentStatus: "failed" }, restock: "expire" }, "system", null, "Payment not received in time");
      expired++;
    } catch (error) {
      // Paid or cancelled meanwhile: nothing to expire.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return expired;
}
