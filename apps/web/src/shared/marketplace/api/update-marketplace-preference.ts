import type { MarketplacePreference, SetMarketplacePreference } from "@reelmart/core/api/marketplace";
import { apiRequest } from "../../api/client.ts";

/**
 * PUT /api/me/marketplace. No hook of its own: useMarketplace's select() calls it after the local
 * choice is made, so a failed save only warns.
 */
export const updateMarketplacePreference = (body: SetMarketplacePreference) => apiRequest<MarketplacePreference>("/me/marketplace", { method: "PUT", body });
