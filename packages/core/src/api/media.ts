import { z } from "zod";
import { UuidSchema } from "./ids.ts";
import { safeText } from "./text.ts";

// The media studio's contract (issue 12): the admin media library and moderation queue, upload
// limits the browser checks before sending, and a shopper's own submissions.

export const MEDIA_STATUSES = ["processing", "ready", "failed"] as const;
export const SUBMISSION_STATUSES = ["processing", "pending", "approved", "rejected", "failed"] as const;
export const UPLOAD_PURPOSES = ["product-video", "product-image", "submission", "brand-logo", "brand-cover", "marketplace-flag"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const REJECT_REASON_MAX_LENGTH = 300;
export const LIBRARY_DEFAULT_LIMIT = 30;
export const LIBRARY_MAX_LIMIT = 100;

/** The endpoint tus clients create uploads at. */
export const UPLOADS_ENDPOINT = "/api/uploads";

export const MediaLibraryQuerySchema = z.object({
  productId: UuidSchema.optional(),
  type: z.enum(["image", "video"]).optional(),
  category: z.enum(["product", "ugc"]).optional(),
  status: z.enum(MEDIA_STATUSES).optional(),
  /** Keyset cursor: the previous page's nextCursor, opaque to clients. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(LIBRARY_MAX_LIMIT).default(LIBRARY_DEFAULT_LIMIT),
});
export type MediaLibraryQuery = z.input<typeof MediaLibraryQuerySchema>;

export const MediaJobStateSchema = z.object({
  id: z.string(),
  status: z.enum(["queued", "running", "done", "failed"]),
  stage: z.string().nullable(),
  progress: z.number().int().describe("0..100"),
  attempts: z.number().int(),
  error: z.string().nullable(),
});
export type MediaJobState = z.infer<typeof MediaJobStateSchema>;

export const LibraryItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  type: z.enum(["image", "video"]),
  category: z.enum(["product", "ugc"]),
  title: z.string().nullable(),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  captionsUrl: z.string().nullable(),
  status: z.enum(MEDIA_STATUSES),
  isMain: z.boolean(),
  isCover: z.boolean(),
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  renditions: z.array(z.object({ width: z.number().int(), height: z.number().int(), url: z.string(), bytes: z.number() })),
  error: z.string().nullable(),
  job: MediaJobStateSchema.nullable(),
  createdAt: z.string(),
});
export type LibraryItem = z.infer<typeof LibraryItemSchema>;

export const MediaLibraryPageSchema = z.object({ items: z.array(LibraryItemSchema), nextCursor: z.string().nullable() });
export type MediaLibraryPage = z.infer<typeof MediaLibraryPageSchema>;

export const MediaUpdateBodySchema = z
  .object({
    productId: UuidSchema.optional().describe("Attach the media to another product"),
    isMain: z.literal(true).optional().describe("Make this the product's main video"),
    isCover: z.literal(true).optional().describe("Make this the product's cover image"),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: "Choose a product, the main video or the cover to change", path: ["productId"] });
export type MediaUpdateBody = z.input<typeof MediaUpdateBodySchema>;

export const SubmissionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  userName: z.string(),
  title: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  reason: z.string().nullable(),
  posterUrl: z.string().nullable(),
  previewUrl: z.string().nullable().describe("The smallest rendition, for review"),
  durationSeconds: z.number().nullable(),
  mediaId: z.string().nullable().describe("The product media it became once approved"),
  job: MediaJobStateSchema.nullable(),
  createdAt: z.string(),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const SubmissionListQuerySchema = z.object({ status: z.enum(SUBMISSION_STATUSES).optional() });
export const SubmissionListSchema = z.object({ items: z.array(SubmissionSchema) });
export type SubmissionList = z.infer<typeof SubmissionListSchema>;

export const RejectBodySchema = z.object({ reason: safeText("Reason").trim().min(1).max(REJECT_REASON_MAX_LENGTH) });
export type RejectBody = z.input<typeof RejectBodySchema>;

/** What the browser checks before sending (the server checks again and has the last word). */
export const UploadLimitsSchema = z.object({
  maxVideoBytes: z.number().int(),
  maxImageBytes: z.number().int(),
  maxSubmissionBytes: z.number().int(),
  maxSubmissionSeconds: z.number().int(),
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;

/** A progress event on the admin media stream (ids, stage and percent: rows are refetched). */
export const MediaProgressEventSchema = z.object({
  jobId: z.string(),
  mediaId: z.string().nullable(),
  submissionId: z.string().nullable(),
  stage: z.string(),
  progress: z.number(),
  status: z.enum(["queued", "running", "done", "failed"]),
  error: z.string().optional(),
});
export type MediaProgressEvent = z.infer<typeof MediaProgressEventSchema>;

/**
 * The answer to the last PATCH of an upload: what the file became. Product media and submissions
 * are processed by a job ('processing'); a brand or marketplace image is stored as WebP at once
 * and its URL is already saved on the brand or marketplace ('ready').
 */
export const UploadFinishedSchema = z.object({
  mediaId: z.string().optional(),
  submissionId: z.string().optional(),
  url: z.string().optional(),
  status: z.enum(["processing", "ready"]),
});
export type UploadFinished = z.infer<typeof UploadFinishedSchema>;

export const WEBVTT_MAX_BYTES = 512 * 1024;
