import { z } from "zod";

/** Every error the API returns has this shape (DESIGN.md, Contracts). */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const ERROR_CODES = {
  badRequest: "bad_request",
  unauthenticated: "unauthenticated",
  forbidden: "forbidden",
  notFound: "not_found",
  conflict: "conflict",
  tooLarge: "payload_too_large",
  unsupportedMedia: "unsupported_media_type",
  unprocessableMedia: "unprocessable_media",
  rateLimited: "rate_limited",
  /** An Idempotency-Key sent again with a different request body (IETF idempotency-key draft). */
  idempotencyKeyReused: "idempotency_key_reused",
  /** A valid request for something this server does not offer (oEmbed's XML format). */
  notImplemented: "not_implemented",
  /** Something the server needs (its database, its storage) is away for a moment: try again after Retry-After. */
  unavailable: "service_unavailable",
  /** The shop's storage has no room left for what was sent. */
  insufficientStorage: "insufficient_storage",
  internal: "internal_error",
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
