import type { MarketplacePreference } from "@reelmart/core/api/marketplace";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../api/client.ts";

/** GET /api/me/marketplace: the signed-in user's saved preference. */
export const getMarketplacePreference = (signal?: AbortSignal) => apiRequest<MarketplacePreference>("/me/marketplace", { signal });

export const getMarketplacePreferenceQueryOptions = () =>
  queryOptions({ queryKey: ["me", "marketplace"], queryFn: ({ signal }) => getMarketplacePreference(signal) });

/** Disabled (no request) for anonymous visitors. */
export function useMarketplacePreference(enabled: boolean) {
  return useQuery({ ...getMarketplacePreferenceQueryOptions(), enabled });
}
