import { betterAuth } from "better-auth";
import { Hono } from "hono";
import type { buildAuthOptions } from "./auth-options.ts";

export function createAuth(options: ReturnType<typeof buildAuthOptions>) {
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth's own endpoints, mounted at /api/auth. */
export function authRoutes(auth: Auth) {
  const routes = new Hono();
  routes.on(["GET", "POST"], "/*", (c) => auth.handler(c.req.raw));
  return routes;
}
