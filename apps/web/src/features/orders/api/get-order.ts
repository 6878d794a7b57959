import type { Order } from "@reelmart/core/api/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { orderQueryKey } from "../../../shared/orders/get-orders.ts";

export const getOrder = (id: string, signal?: AbortSignal) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}`, { signal });

/** While an online payment is awaited, the page looks again every few seconds for the webhook's confirmation. */
const AWAITING_PAYMENT_POLL_MS = 3_000;

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    refetchInterval: (query) => (query.state.data?.status === "pending_payment" ? AWAITING_PAYMENT_POLL_MS : false),
    retry: (count, error) => count < 2 && !("status" in error && (error as { status: number }).status === 404),
  });

/** GET /api/orders/{id}: the order with its lines and timeline. */
export const useOrder = (id: string) => useQuery(orderQuery(id));
