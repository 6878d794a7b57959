import type { AdminProduct } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const getProduct = (id: string, signal?: AbortSignal) => apiRequest<AdminProduct>(`/admin/products/${id}`, { signal });

export const productQuery = (id: string) => queryOptions({ queryKey: adminKeys.product(id), queryFn: ({ signal }) => getProduct(id, signal), staleTime: 0 });

export const useAdminProduct = (id: string) => useQuery(productQuery(id));
