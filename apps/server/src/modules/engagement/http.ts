import { ErrorBodySchema } from "@reelmart/core/api/errors";
import type { MiddlewareHandler } from "hono";
import { type AppEnv, requireViewer } from "../../http/viewer.ts";

export const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });

export const errorResponses = {
  400: { description: "Invalid input (names the field)", ...json(ErrorBodySchema) },
  401: { description: "Not signed in", ...json(ErrorBodySchema) },
  404: { description: "Unknown (or not yours)", ...json(ErrorBodySchema) },
};

/** Runs before body validation, so an anonymous caller always learns it must sign in (401). */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireViewer(c);
  await next();
};
