import type { OrderCount } from "@reelmart/core/api/orders";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";
import { ordersQueryKey } from "./get-orders.ts";

// Under the shopper's orders key: placing or cancelling an order refreshes it with the list.
const orderCountQueryKey = (userId: string | null) => [...ordersQueryKey(userId), "count"] as const;

/** GET /api/me/order-count: the orders the shopper has placed, but those that expired unpaid (decision 216). */
export function useOrderCount(userId: string | null) {
  return useQuery({
    queryKey: orderCountQueryKey(userId),
    queryFn: ({ signal }) => apiRequest<OrderCount>("/me/order-count", { signal }),
    select: (answer) => answer.count,
    enabled: Boolean(userId),
  });
}
