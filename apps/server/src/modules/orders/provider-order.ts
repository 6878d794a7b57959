// The payment provider's side of a pending online order: its order there, made once ours has committed.
import type { OrdersDeps } from "./orders-deps.ts";

/** Creates the provider's order for a pending online order that has none yet (after commit: no HTTP inside a transaction). */
export async function ensureProviderOrder(deps: OrdersDeps, orderId: string) {
  if (!deps.provider) return;
  const order = await deps.db
    .selectFrom("orders")
    .select(["id", "number", "total_paise", "currency", "provider_order_id", "status"])
    .where("id", "=", orderId)
    .executeTakeFirst();
  if (!order || order.provider_order_id || order.status !== "pending_payment") return;
  try {
    const { providerOrderId } = await deps.provider.createOrder({
      amountPaise: Number(order.total_paise),
      currency: order.currency,
      receipt: `order-${order.number}`,
      notes: { orderId: order.id },
    });
    await deps.db.updateTable("orders").set({ provider_order_id: providerOrderId }).where("id", "=", orderId).where("provider_order_id", "is", null).execute();
  } catch (error) {
    // The order stays pending; opening it again retries, and expiry releases its stock.
    deps.logger.error({ err: error, orderId }, "could not create the payment provider's order");
  }
}
