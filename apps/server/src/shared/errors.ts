import { ERROR_CODES, type ErrorCode } from "@reelmart/core/api/errors";
import { REQUEST_NOT_VALID } from "@reelmart/core/api/field-messages";

/**
 * An error a client caused or may see, said in the domain's words: what went wrong (the code), a message
 * for people and the field it concerns. The HTTP edge (http/errors.ts) chooses the status from the code,
 * so services, commands and workers throw it without knowing about HTTP. Anything else is a logged 500.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new AppError(ERROR_CODES.badRequest, message, field);
/** A page cursor this server did not hand out (altered, or from another list): nothing a person fixes but by reloading. */
export const badCursor = () => badRequest(REQUEST_NOT_VALID, "cursor");
export const unauthenticated = (message = "Sign in required") => new AppError(ERROR_CODES.unauthenticated, message);
export const forbidden = (message = "You don't have permission to do this") => new AppError(ERROR_CODES.forbidden, message);
export const notFound = (message: string, field?: string) => new AppError(ERROR_CODES.notFound, message, field);
export const conflict = (message: string, field?: string) => new AppError(ERROR_CODES.conflict, message, field);
export const tooLarge = (message: string, field?: string) => new AppError(ERROR_CODES.tooLarge, message, field);
export const unsupportedMedia = (message: string, field?: string) => new AppError(ERROR_CODES.unsupportedMedia, message, field);
export const unprocessableMedia = (message: string, field?: string) => new AppError(ERROR_CODES.unprocessableMedia, message, field);
export const notImplemented = (message: string, field?: string) => new AppError(ERROR_CODES.notImplemented, message, field);
/** Something the request needs is away for a moment (the edge adds Retry-After). */
export const unavailable = (message: string) => new AppError(ERROR_CODES.unavailable, message);
export const insufficientStorage = (message: string, field?: string) => new AppError(ERROR_CODES.insufficientStorage, message, field);
