import type { OrderStatus } from "@reelmart/core/api/orders";
import { classNames } from "../ui/class-names.ts";
import { ORDER_STATUS_LABELS, orderStatusTone } from "./order-status.ts";

/** The order's status as a coloured label, the same in the shopper's and the admin's lists. */
export function OrderStatusBadge({ status, className }: { status: OrderStatus; className?: string }) {
  return <span className={classNames("inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap", orderStatusTone(status), className)}>{ORDER_STATUS_LABELS[status]}</span>;
}
