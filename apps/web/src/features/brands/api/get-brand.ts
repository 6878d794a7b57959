import type { Brand } from "@reelmart/core/api/catalog";
import { isUuid } from "@reelmart/core/ids";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

/** GET /api/brands/{id}. */
export const getBrand = (id: string, signal?: AbortSignal) => apiRequest<Brand>(`/brands/${id}`, { signal });

export const getBrandQueryOptions = (id: string) => queryOptions({ queryKey: ["brand", id], queryFn: ({ signal }) => getBrand(id, signal), enabled: isUuid(id) });

export function useBrand(id: string) {
  return useQuery(getBrandQueryOptions(id));
}
