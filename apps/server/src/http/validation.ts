import { ERROR_CODES } from "@reelmart/core/api/errors";
import { REQUEST_NOT_VALID } from "@reelmart/core/api/field-messages";
import type { Hook } from "@hono/zod-openapi";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./viewer.ts";

/**
 * Turns a zod validation failure into a 400 naming the first offending field in `field`. The
 * message is the issue's own: the core schemas word every refusal for people (decision 213).
 */
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  return c.json(errorBody(ERROR_CODES.badRequest, issue?.message ?? REQUEST_NOT_VALID, field), 400);
};
