import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Hook } from "@hono/zod-openapi";
import { errorBody } from "./errors.ts";
import type { AppEnv } from "./viewer.ts";

/** Turns a zod validation failure into a 400 that names the first offending field. */
export const validationHook: Hook<any, AppEnv, any, any> = (result, c) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  const message = field ? `${field}: ${issue?.message ?? "is invalid"}` : (issue?.message ?? "Invalid request");
  return c.json(errorBody(ERROR_CODES.badRequest, message, field), 400);
};
