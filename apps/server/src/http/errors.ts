import { ERROR_CODES, type ErrorBody } from "@reelmart/core/api/errors";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** An error a client caused or may see; anything else becomes a logged 500 with no detail. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, ERROR_CODES.badRequest, message, field);
export const unauthenticated = (message = "Sign in required") => new ApiError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = "You don't have permission to do this") => new ApiError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string) => new ApiError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string, field?: string) => new ApiError(409, ERROR_CODES.conflict, message, field);

export function errorBody(code: string, message: string, field?: string): ErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

export function sendError(c: Context, error: ApiError) {
  return c.json(errorBody(error.code, error.message, error.field), error.status);
}
