import { z } from "zod";

/** GET and PUT /api/me/marketplace answer: the signed-in user's saved marketplace, null when none. */
export const MarketplacePreferenceSchema = z.object({
  marketplaceId: z.uuid().nullable(),
  updatedAt: z.string().nullable(),
});
export type MarketplacePreference = z.infer<typeof MarketplacePreferenceSchema>;

/** PUT /api/me/marketplace body (000 §5: a non-empty id of an active marketplace). */
export const SetMarketplacePreferenceSchema = z.object({
  marketplaceId: z.uuid({ error: "Invalid marketplace ID provided" }),
});
export type SetMarketplacePreference = z.infer<typeof SetMarketplacePreferenceSchema>;
