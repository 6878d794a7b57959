import { z } from "zod";
import { safeText } from "./text.ts";
import { UuidSchema } from "./ids.ts";

export const REVIEW_MAX_LENGTH = 2000;
export const REVIEW_LIST_LIMIT = 50;

export const ReviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  body: z.string(),
  createdAt: z.string(),
  /** True on the viewer's own review, so the page can hide the form. */
  isMine: z.boolean(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewListSchema = z.object({
  items: z.array(ReviewSchema).describe(`Newest first, at most ${REVIEW_LIST_LIMIT}`),
  rating: z.number().describe("Average to 1 decimal; 4.5 when there are no reviews"),
  reviews: z.number().int().describe("Number of reviews"),
  viewerHasReviewed: z.boolean(),
});
export type ReviewList = z.infer<typeof ReviewListSchema>;

export const CreateReviewBodySchema = z.object({
  rating: z.number({ error: () => "Choose a rating from 1 to 5 stars" }).int().min(1).max(5),
  body: safeText("Review").trim().max(REVIEW_MAX_LENGTH).default(""),
});
export type CreateReviewBody = z.input<typeof CreateReviewBodySchema>;

export const ReviewCreatedSchema = z.object({
  review: ReviewSchema,
  rating: z.number(),
  reviews: z.number().int(),
});
export type ReviewCreated = z.infer<typeof ReviewCreatedSchema>;

export const ProductIdParamSchema = z.object({ id: UuidSchema });
