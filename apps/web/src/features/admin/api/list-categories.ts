import type { AdminCategory } from "@reelmart/core/api/admin";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const listCategories = async (signal?: AbortSignal) => (await apiRequest<{ items: AdminCategory[] }>("/admin/categories", { signal })).items;

export const categoriesQuery = () => queryOptions({ queryKey: adminKeys.categories, queryFn: ({ signal }) => listCategories(signal), staleTime: 0 });

export const useCategories = () => useQuery(categoriesQuery());
