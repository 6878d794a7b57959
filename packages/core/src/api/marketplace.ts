import { z } from "zod";
import { UuidSchema, uuidSchema } from "./ids.ts";

/** GET and PUT /api/me/marketplace answer: the signed-in user's saved marketplace, null when none. */
export const MarketplacePreferenceSchema = z.object({
  marketplaceId: UuidSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type MarketplacePreference = z.infer<typeof MarketplacePreferenceSchema>;

/** PUT /api/me/marketplace body (000 §5: a non-empty id of an active marketplace). */
export const SetMarketplacePreferenceSchema = z.object({
  marketplaceId: uuidSchema("Invalid marketplace ID provided"),
});
export type SetMarketplacePreference = z.infer<typeof SetMarketplacePreferenceSchema>;
