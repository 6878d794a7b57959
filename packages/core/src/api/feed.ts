import { z } from "zod";
import { safeText } from "./text.ts";
import { CursorSchema, ProductSummarySchema } from "./catalog.ts";
import { UuidSchema } from "./ids.ts";

// The feed contract (issue #5): GET /api/feed and POST /api/media/{id}/views.

export const FEED_PAGE_DEFAULT_LIMIT = 10;
export const FEED_PAGE_MAX_LIMIT = 50;

/** A visit's shuffle seed: chosen by the client at first load and sent with every page (1 to 64 letters, digits, '-' or '_'). */
export const FeedSeedSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

export const FeedQuerySchema = z.object({
  marketplaceId: UuidSchema.optional(),
  seed: FeedSeedSchema.optional().describe("Stable shuffle for one visit; the server picks one when absent and echoes it"),
  cursor: CursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(FEED_PAGE_MAX_LIMIT).default(FEED_PAGE_DEFAULT_LIMIT),
  similarTo: UuidSchema.optional().describe("'similar' mode: this product, then products like it, lead the first page"),
});
export type FeedQuery = z.infer<typeof FeedQuerySchema>;

/** A feed item is a product summary whose media are its ready videos only (at least one). */
export const FeedItemSchema = ProductSummarySchema;
export type FeedItem = z.infer<typeof FeedItemSchema>;

export const FeedPageSchema = z.object({
  items: z.array(FeedItemSchema),
  nextCursor: z.string().nullable(),
  seed: FeedSeedSchema,
});
export type FeedPage = z.infer<typeof FeedPageSchema>;

export const MediaViewInputSchema = z.object({
  sessionId: safeText().min(1).max(100).describe("The browser's videoSessionId from local storage"),
});
export type MediaViewInput = z.infer<typeof MediaViewInputSchema>;
export const MediaViewResultSchema = z.object({ viewCount: z.number().int() });
