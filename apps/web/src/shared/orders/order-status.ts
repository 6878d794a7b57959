import type { DeliveryStatus, OrderStatus, PaymentStatus } from "@reelmart/core/api/orders";

// The words shoppers and admins read for each status (order, payment and delivery are kept apart).

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: "Awaiting payment",
  placed: "Placed",
  shipped: "Shipped",
  delivered: "Delivered",
  completed: "Completed",
  cancelled: "Cancelled",
  returned: "Returned to origin",
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Payment pending",
  authorized: "Pay on delivery",
  captured: "Paid",
  failed: "Payment failed",
  refunded: "Refunded",
  voided: "Not charged",
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  unfulfilled: "Not shipped yet",
  shipped: "On the way",
  delivered: "Delivered",
  returned: "Returned to origin",
};

/** What each timeline entry says, to shoppers and admins alike. */
const EVENT_LABELS: Record<string, string> = {
  placed: "Order placed",
  payment_captured: "Payment received",
  payment_failed: "Payment failed",
  payment_refunded: "Payment refunded",
  payment_mismatch: "Payment amount did not match",
  ship: "Shipped",
  deliver: "Delivered",
  complete: "Completed",
  cancel: "Cancelled",
  return: "Returned to origin",
  expire: "Cancelled: payment not received in time",
  refund_failed: "Refund pending",
};

export const orderEventLabel = (kind: string): string => EVENT_LABELS[kind] ?? kind;

/** Badge colours: settled states green, trouble red, the rest neutral. */
export function orderStatusTone(status: OrderStatus): string {
  if (status === "delivered" || status === "completed") return "bg-emerald-500/15 text-emerald-300";
  if (status === "cancelled" || status === "returned") return "bg-red-500/15 text-red-300";
  if (status === "pending_payment") return "bg-amber-500/15 text-amber-300";
  return "bg-sky-500/15 text-sky-300";
}
