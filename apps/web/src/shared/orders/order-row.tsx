import type { OrderSummary } from "@reelmart/core/api/orders";
import { formatDay, formatPrice } from "@reelmart/core/format";
import { Link } from "react-router";
import { ProductImage } from "../product/product-image.tsx";
import { ORDER_STATUS_LABELS } from "./order-status.ts";
import { OrderStatusBadge } from "./order-status-badge.tsx";

/** One order in a list: first line's image and title, count, total, date and status, linking to the order. */
export function OrderRow({ order }: { order: OrderSummary }) {
  const more = order.lineCount > 1 ? ` and ${order.lineCount - 1} more` : "";
  return (
    <li>
      <Link
        to={`/orders/${order.id}`}
        className="flex items-center gap-3 py-3 hover:bg-neutral-900/60 focus-visible:outline-2 focus-visible:outline-white"
        aria-label={`Order #${order.number}, ${ORDER_STATUS_LABELS[order.status]}, ${formatPrice(order.total)}`}
      >
        <ProductImage src={order.imageUrl} alt="" className="size-14 shrink-0 rounded-xl" />
        <div className="min-w-0 flex-1">
          {/* Two lines, so "and N more" still shows after a long first title on a phone. */}
          <p className="line-clamp-2 text-sm font-medium text-white">
            {order.title}
            {more}
          </p>
          <p className="text-xs text-neutral-400">
            <span className="whitespace-nowrap">Order #{order.number}</span> · <span className="whitespace-nowrap">{formatDay(order.createdAt)}</span> ·{" "}
            <span className="whitespace-nowrap">
              {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
            </span>
          </p>
          <OrderStatusBadge status={order.status} className="mt-1" />
        </div>
        <p className="text-sm font-semibold text-white">{formatPrice(order.total)}</p>
      </Link>
    </li>
  );
}
