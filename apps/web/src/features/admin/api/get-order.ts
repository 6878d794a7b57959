import type { AdminOrder } from "@reelmart/core/api/orders";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getOrder = (id: string, signal?: AbortSignal) => apiRequest<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}`, { signal });

export const orderQuery = (id: string) => queryOptions({ queryKey: adminKeys.order(id), queryFn: ({ signal }) => getOrder(id, signal), staleTime: 0 });

export const useAdminOrder = (id: string) => useQuery(orderQuery(id));
