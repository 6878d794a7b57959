import { z } from "zod";
import { safeText } from "./text.ts";
import { uuidSchema } from "./ids.ts";
import { COMMENT_MAX_LENGTH, COMMENTS_PAGE_DEFAULT, COMMENTS_PAGE_MAX, type Comment, SAVED_MERGE_MAX } from "../engagement.ts";

// The engagement contract (issue #6): likes, comments, shares, saved items and the realtime stream.

/** Every route with a media id in its path (engagement, views, admin edits); 001 §5 names the message. */
export const MediaIdParamSchema = z.object({ id: uuidSchema("Invalid media ID") });
export const CommentIdParamSchema = z.object({ id: uuidSchema("Invalid comment ID") });

export const EngagementSchema = z.object({
  mediaId: z.string(),
  /** The media's product: a save moves the save count of each of its media. */
  productId: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  shareCount: z.number().int(),
  viewCount: z.number().int(),
  /** Shoppers who saved the media's product (saves belong to products, not to one video). */
  saveCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type Engagement = z.infer<typeof EngagementSchema>;

export const LikeResultSchema = z.object({ liked: z.boolean(), likeCount: z.number().int() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  mediaId: z.string(),
  productId: z.string(),
  userId: z.string(),
  authorName: z.string(),
  authorAvatar: z.string().nullable(),
  comment: z.string(),
  isEdited: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Comment>;

export const CommentListSchema = z.object({ items: z.array(CommentSchema), nextCursor: z.string().nullable() });
export type CommentList = z.infer<typeof CommentListSchema>;

export const CommentListQuerySchema = z.object({
  cursor: uuidSchema("Invalid cursor").optional(),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_MAX).default(COMMENTS_PAGE_DEFAULT),
});

/** 001 §5: the trimmed text must be non-empty; the 1000-character cap is ours and enforced here. */
export const CommentInputSchema = z.object({
  comment: safeText("Comment")
    .trim()
    .min(1, "Comment cannot be empty")
    .max(COMMENT_MAX_LENGTH),
});
export type CommentInput = z.infer<typeof CommentInputSchema>;

export const SHARE_PLATFORMS = ["native", "facebook", "twitter", "instagram", "message", "copy-link"] as const;
export type SharePlatform = (typeof SHARE_PLATFORMS)[number];

export const ShareInputSchema = z.object({
  platform: z.enum(SHARE_PLATFORMS),
  deviceInfo: z
    .object({ userAgent: safeText().max(512).default(""), platform: safeText().max(128).default("") })
    .default({ userAgent: "", platform: "" }),
});
export type ShareInput = z.input<typeof ShareInputSchema>;

export const ShareResultSchema = z.object({ shareCount: z.number().int() });

export const SavedProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  price: z.string(),
  discountPercentage: z.number(),
  thumbnailUrl: z.string().nullable(),
});
export type SavedProduct = z.infer<typeof SavedProductSchema>;

/** product is null when the product is no longer on sale ('Product not available', 001 §2). */
export const SavedListSchema = z.object({
  items: z.array(z.object({ productId: z.string(), product: SavedProductSchema.nullable() })),
});
export type SavedList = z.infer<typeof SavedListSchema>;

export const SavedProductParamSchema = z.object({ productId: safeText().min(1).max(200) });
export const SavedMergeInputSchema = z.object({ productIds: z.array(safeText().max(200)).max(SAVED_MERGE_MAX) });
export const SavedMergeResultSchema = SavedListSchema.extend({ skipped: z.array(z.string()) });
