import { z } from "zod";
import { safeText } from "./text.ts";
import { UuidSchema } from "./ids.ts";

export const SIMILAR_DEFAULT_LIMIT = 12;
export const SIMILAR_MAX_LIMIT = 30;

export const SimilarQuerySchema = z.object({
  marketplaceId: UuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SIMILAR_MAX_LIMIT).default(SIMILAR_DEFAULT_LIMIT),
});
export type SimilarQuery = z.infer<typeof SimilarQuerySchema>;

export const TRENDING_DEFAULT_LIMIT = 12;

export const TrendingQuerySchema = z.object({
  marketplaceId: UuidSchema.optional(),
  limit: z.coerce.number().int().min(1).max(SIMILAR_MAX_LIMIT).default(TRENDING_DEFAULT_LIMIT),
});
export type TrendingQuery = z.infer<typeof TrendingQuerySchema>;

export const MEDIA_TITLE_MAX_LENGTH = 200;

/**
 * A title the owner gives a video or an image. A media item without one (null) goes by its
 * product's title wherever it is shown (decision 209), so clearing it is null, never "".
 */
export const MediaTitleSchema = safeText("Title")
  .trim()
  .min(1, "Title can't be empty")
  .max(MEDIA_TITLE_MAX_LENGTH, `Title can be at most ${MEDIA_TITLE_MAX_LENGTH} characters`);

/** The editable-mode video dialog's fields (001 §5): title and category. */
export const MediaEditBodySchema = z
  .object({
    title: MediaTitleSchema.nullable().optional().describe("The new title; null to show the product's title instead"),
    category: z.enum(["product", "ugc"]).optional(),
  })
  .refine((body) => body.title !== undefined || body.category !== undefined, { message: "Change the title or the category", path: ["title"] });
export type MediaEditBody = z.input<typeof MediaEditBodySchema>;

export const MediaEditedSchema = z.object({
  id: z.string(),
  productId: z.string(),
  title: z.string().nullable(),
  category: z.enum(["product", "ugc"]),
});
export type MediaEdited = z.infer<typeof MediaEditedSchema>;
