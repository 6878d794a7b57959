import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./viewer.ts";

/**
 * The most any /api request body may be unless its route has a limit of its own (decision 224).
 * Every JSON body of the API is a form's worth of fields (a product's editor save is the largest,
 * tens of KB); the routes that read bodies (their validators, better-auth) read them whole, so
 * without a limit one client could make the process hold a gigabyte.
 */
export const API_BODY_MAX_BYTES = 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = "The request body is too large (at most 1 MB)";

/**
 * Routes that take larger bodies and limit them themselves: tus uploads (streamed to storage,
 * refused from Upload-Length, modules/uploads) and the multipart image uploads (avatar, brand and
 * marketplace images, splash logo: each answers 413 from Content-Length with its own limit).
 */
const OWN_LIMIT = [/^\/api\/uploads(?:\/|$)/, /^\/api\/me\/avatar$/, /^\/api\/admin\/brands\/[^/]+\/images\/[^/]+$/, /^\/api\/admin\/marketplaces\/[^/]+\/flag$/, /^\/api\/admin\/settings\/splash-logo$/];

const limit = bodyLimit({
  maxSize: API_BODY_MAX_BYTES,
  onError: (c) => c.json(errorBody(ERROR_CODES.tooLarge, BODY_TOO_LARGE_MESSAGE, "body"), 413),
});

/**
 * Refuses a body over API_BODY_MAX_BYTES with 413: from Content-Length before a byte of it is read,
 * or, for a chunked body, as soon as that much has arrived (the rest is drained, http/app-listener.ts).
 */
export const apiBodyLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (OWN_LIMIT.some((path) => path.test(c.req.path))) return next();
  return limit(c, next);
};
