import { betterAuth } from "better-auth";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { Hono } from "hono";
import { errorBody } from "../../http/errors.ts";
import type { AppEnv } from "../../http/viewer.ts";
import { checkAuthRequest, toErrorContract } from "./auth-edge.ts";
import { CLIENT_IP_HEADER, type buildAuthOptions } from "./auth-options.ts";

/** The better-auth instance; server.ts creates one at bootstrap and passes it to modules in AppDeps. */
export const createAuth = (options: ReturnType<typeof buildAuthOptions>) => betterAuth(options);

export type Auth = ReturnType<typeof createAuth>;

/**
 * better-auth's own endpoints, mounted at /api/auth, behind our edge rules: text in the body and
 * query passes the same rule as every other route (core/api/text.ts), the client address for its
 * rate limits is the one the request context resolved (TRUSTED_PROXIES), written into our own
 * header so a client cannot choose its bucket by sending one, and its errors leave in the API's one
 * error shape (auth-errors.ts).
 */
export function authRoutes(auth: Auth) {
  const routes = new Hono<AppEnv>();
  routes.on(["GET", "POST"], "/*", async (c) => {
    const checked = await checkAuthRequest(c.req.raw);
    if (!checked.ok) return c.json(errorBody(ERROR_CODES.badRequest, checked.message, checked.field), 400);
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const clientIp = c.get("clientIp");
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
    const request = new Request(c.req.url, { method: c.req.method, headers, body: checked.body });
    return toErrorContract(await auth.handler(request));
  });
  return routes;
}
