import { betterAuth } from "better-auth";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { Hono } from "hono";
import { databaseAway } from "../../http/database-errors.ts";
import { errorBody, sendError } from "../../http/errors.ts";
import type { RequestScope } from "../../logger.ts";
import type { AppEnv } from "../../http/viewer.ts";
import { authCall } from "./auth-calls.ts";
import { checkAuthRequest, toErrorContract } from "./auth-edge.ts";
import { CLIENT_IP_HEADER, type buildAuthOptions } from "./auth-options.ts";

/**
 * The better-auth instance; server.ts creates one at bootstrap and passes it to modules in AppDeps.
 * Every `auth.api` endpoint runs through authCall (auth-calls.ts), so better-auth's storages are off
 * while nothing of it runs.
 */
export const createAuth = (options: ReturnType<typeof buildAuthOptions>) => withCountedApi(betterAuth(options));

export type Auth = ReturnType<typeof createAuth>;

function withCountedApi<Instance extends { api: object }>(auth: Instance): Instance {
  const counted = new Map<PropertyKey, unknown>();
  const api = new Proxy(auth.api, {
    get(target, name, receiver) {
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      // A proxy of the endpoint rather than a new function: better-auth's endpoints carry properties (path, options).
      if (!counted.has(name)) counted.set(name, new Proxy(value, { apply: (endpoint, self, args) => authCall(() => Reflect.apply(endpoint, self, args)) }));
      return counted.get(name);
    },
  });
  return new Proxy(auth, { get: (target, name, receiver) => (name === "api" ? api : Reflect.get(target, name, receiver)) });
}

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
    if (checked.contentType) {
      // A body of the edge's own (an empty one read as no fields): its type, and a length of its own.
      headers.set("content-type", checked.contentType);
      headers.delete("content-length");
    }
    headers.delete(CLIENT_IP_HEADER);
    const clientIp = c.get("clientIp");
    if (clientIp) headers.set(CLIENT_IP_HEADER, clientIp);
    const request = new Request(c.req.url, { method: c.req.method, headers, body: checked.body });
    const scope: RequestScope = { requestId: c.get("requestId") };
    const response = await authCall(() => auth.handler(request), scope);
    if (response.status >= 500 && scope.databaseAway) return sendError(c, databaseAway());
    return toErrorContract(response);
  });
  return routes;
}
