import type { AdminOrderList, AdminOrderListQuery } from "@reelmart/core/api/orders";
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export type OrderFilters = Pick<AdminOrderListQuery, "status" | "marketplaceId" | "from" | "to">;

export const listOrders = (filters: OrderFilters, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<AdminOrderList>("/admin/orders", { signal, query: { ...filters, cursor, limit: 50 } });

export const ordersQuery = (filters: OrderFilters) =>
  infiniteQueryOptions({
    queryKey: [...adminKeys.orders, filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => listOrders(filters, pageParam, signal),
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useAdminOrders = (filters: OrderFilters) => useInfiniteQuery(ordersQuery(filters));
