// Online payment events (docs/decisions/101-payments.md): the checkout's signed callback and the provider's
// webhooks, each applied once, confirming a pending order or refunding a payment that came too late.
import { formatPrice, fromPaise } from "@reelmart/core/format";
import type { Order } from "@reelmart/core/api/orders";
import { badRequest, notFound } from "../../shared/errors.ts";
import type { PaymentWebhookEvent } from "../payments/payment-provider.ts";
import { sendConfirmation } from "./order-confirmation.ts";
import { addEvent, currentStatuses, statusesOf } from "./order-timeline.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { getOrder } from "./reading.service.ts";

/** The browser forwards the checkout's success fields; only a valid signature confirms the payment. */
export async function confirmPaymentCallback(
  deps: OrdersDeps,
  userId: string,
  orderId: string,
  input: { providerOrderId: string; providerPaymentId: string; signature: string },
): Promise<Order> {
  const order = await deps.db.selectFrom("orders").select(["provider_order_id"]).where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!order) throw notFound("Order not found");
  if (!deps.provider || order.provider_order_id !== input.providerOrderId || !deps.provider.verifyCallback(input)) {
    throw badRequest("The payment could not be verified", "signature");
  }
  await capturePayment(deps, input.providerOrderId, input.providerPaymentId, null);
  return getOrder(deps, userId, orderId);
}

export type WebhookOutcome = "processed" | "duplicate" | "ignored";

/** A verified webhook, applied once per event id. */
export async function applyPaymentWebhook(deps: OrdersDeps, event: PaymentWebhookEvent): Promise<WebhookOutcome> {
  const provider = deps.provider!.name;
  const order = event.providerOrderId
    ? await deps.db.selectFrom("orders").select(["id", "total_paise"]).where("provider_order_id", "=", event.providerOrderId).executeTakeFirst()
    : undefined;
  const recorded = await deps.db
    .insertInto("payment_events")
    .values({ provider, event_id: event.eventId, order_id: order?.id ?? null, kind: event.kind })
    .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
    .returning("event_id")
    .executeTakeFirst();
  if (!recorded) return "duplicate";
  if (!order || !event.providerPaymentId || event.kind === "ignored") return "ignored";
  if (event.kind === "failed") {
    await deps.db.transaction().execute(async (trx) => {
      const after = await trx
        .updateTable("orders")
        .set({ payment_status: "failed", updated_at: new Date() })
        .where("id", "=", order.id)
        .where("status", "=", "pending_payment")
        .returning(["status", "payment_status", "delivery_status"])
        .executeTakeFirst();
      if (after) await addEvent(trx, order.id, "payment_failed", "provider", null, statusesOf(after), "The payment failed; the shopper may try again");
    });
    return "processed";
  }
  if (event.amountPaise !== null && event.amountPaise !== Number(order.total_paise)) {
    await addEvent(deps.db, order.id, "payment_mismatch", "provider", null, await currentStatuses(deps.db, order.id), `Captured ${formatPrice(fromPaise(event.amountPaise))} does not match the order total`);
    return "ignored";
  }
  await capturePayment(deps, event.providerOrderId!, event.providerPaymentId, event.eventId);
  return "processed";
}

/** Confirms a pending online order as paid; a payment that arrives after expiry is refunded. */
async function capturePayment(deps: OrdersDeps, providerOrderId: string, providerPaymentId: string, eventId: string | null) {
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "status", "payment_status", "total_paise"])
      .where("provider_order_id", "=", providerOrderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return null;
    if (order.status === "pending_payment") {
      const after = await trx
        .updateTable("orders")
        .set({ status: "placed", payment_status: "captured", provider_payment_id: providerPaymentId, expires_at: null, updated_at: new Date() })
        .where("id", "=", order.id)
        .returning(["status", "payment_status", "delivery_status"])
        .executeTakeFirstOrThrow();
      await addEvent(trx, order.id, "payment_captured", "provider", null, statusesOf(after), eventId ? `Verified webhook ${eventId}` : "Verified checkout signature");
      return { orderId: order.id, confirmed: true, refund: 0 };
    }
    if (order.status === "cancelled" && order.payment_status !== "captured" && order.payment_status !== "refunded") {
      const after = await trx
        .updateTable("orders")
        .set({ payment_status: "refunded", provider_payment_id: providerPaymentId, updated_at: new Date() })
        .where("id", "=", order.id)
        .returning(["status", "payment_status", "delivery_status"])
        .executeTakeFirstOrThrow();
      await addEvent(trx, order.id, "payment_refunded", "system", null, statusesOf(after), "Payment arrived after the order was cancelled; refunded");
      return { orderId: order.id, confirmed: false, refund: Number(order.total_paise) };
    }
    return { orderId: order.id, confirmed: false, refund: 0 };
  });
  if (outcome?.confirmed) await sendConfirmation(deps, outcome.orderId);
  if (outcome?.refund && deps.provider) {
    await deps.provider.refund(providerPaymentId, outcome.refund).catch((error: unknown) => deps.logger.error({ err: error }, "late payment refund failed"));
  }
}
