// The email that confirms an order: at placement for cash on delivery, once the payment is captured online.
import { formatPrice, fromPaise } from "@reelmart/core/format";
import type { OrdersDeps } from "./orders-deps.ts";

export async function sendConfirmation(deps: OrdersDeps, orderId: string) {
  const row = await deps.db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["o.number", "o.total_paise", "o.payment_method", "o.item_count", "u.email"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();
  if (!row) return;
  const total = formatPrice(fromPaise(Number(row.total_paise)));
  const paid = row.payment_method === "cod" ? `Pay ${total} in cash on delivery.` : `Payment of ${total} received.`;
  try {
    await deps.delivery.sendEmail({
      to: row.email,
      subject: `Order #${row.number} confirmed`,
      text: `Thank you for your order #${row.number} (${row.item_count} ${row.item_count === 1 ? "item" : "items"}). ${paid}`,
    });
  } catch (error) {
    deps.logger.error({ err: error, orderId }, "order confirmation could not be sent");
  }
}
