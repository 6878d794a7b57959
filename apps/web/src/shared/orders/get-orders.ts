import type { OrderList } from "@reelmart/core/api/orders";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/client.ts";

// Shared because both the orders page and the profile's History tab list the shopper's orders.

export const ordersQueryKey = (userId: string | null) => ["orders", userId ?? "anonymous"] as const;

/** One order: the order page reads it, and the checkout writes a just-paid order into it. */
export const orderQueryKey = (id: string) => ["order", id] as const;

export const getOrders = (cursor: string | null, signal?: AbortSignal) => apiRequest<OrderList>("/orders", { signal, query: { cursor, limit: 20 } });

/** GET /api/orders, newest first, page by page. */
export function useOrders(userId: string | null) {
  return useInfiniteQuery({
    queryKey: ordersQueryKey(userId),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => getOrders(pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(userId),
  });
}
