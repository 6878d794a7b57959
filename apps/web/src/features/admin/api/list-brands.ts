import type { AdminBrand } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const listBrands = async (signal?: AbortSignal) => (await apiRequest<{ items: AdminBrand[] }>("/admin/brands", { signal })).items;

export const brandsQuery = () => queryOptions({ queryKey: adminKeys.brands, queryFn: ({ signal }) => listBrands(signal), staleTime: 0 });

export const useBrands = () => useQuery(brandsQuery());
