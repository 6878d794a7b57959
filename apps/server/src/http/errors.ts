import { ERROR_CODES, type ErrorBody, type ErrorCode } from "@reelmart/core/api/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppError } from "../shared/errors.ts";

/** The edge's half of the domain error: the status each code answers with. */
const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  [ERROR_CODES.badRequest]: 400,
  [ERROR_CODES.unauthenticated]: 401,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.tooLarge]: 413,
  [ERROR_CODES.unsupportedMedia]: 415,
  [ERROR_CODES.unprocessableMedia]: 422,
  [ERROR_CODES.idempotencyKeyReused]: 422,
  [ERROR_CODES.rateLimited]: 429,
  [ERROR_CODES.internal]: 500,
  [ERROR_CODES.notImplemented]: 501,
  [ERROR_CODES.unavailable]: 503,
  [ERROR_CODES.insufficientStorage]: 507,
};

/**
 * Seconds a client waits before trying again after a 503: a database restart or failover, or storage
 * coming back, takes a few seconds (docs/operations.md, "what happens when").
 */
export const RETRY_AFTER_SECONDS = 5;

/** A request body that claims to be JSON and does not parse. */
export const BODY_NOT_JSON = "The request body is not valid JSON";

/** A JSON request body that is not an object (null, a number, a string, a list): every JSON body of the API is one. */
export const BODY_NOT_AN_OBJECT = "The request body must be a JSON object";

export const statusOf = (error: AppError): ContentfulStatusCode => STATUS[error.code];

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

export function sendError(c: Context, error: AppError) {
  if (error.code === ERROR_CODES.unavailable) c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  return c.json(errorBody(error.code, error.message, error.field), statusOf(error));
}
