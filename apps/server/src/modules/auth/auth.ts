import { betterAuth } from "better-auth";
import { Hono } from "hono";
import { CLIENT_IP_HEADER, type buildAuthOptions } from "./auth-options.ts";

export function createAuth(options: ReturnType<typeof buildAuthOptions>) {
  return betterAuth(options);
}

export type Auth = ReturnType<typeof createAuth>;

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * better-auth's own endpoints, mounted at /api/auth. The client IP (for rate limits) comes from
 * the socket, written into our own header so a client cannot choose its bucket by sending one.
 */
export function authRoutes(auth: Auth) {
  const routes = new Hono<{ Bindings: NodeBindings }>();
  routes.on(["GET", "POST"], "/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const address = c.env?.incoming?.socket?.remoteAddress;
    if (address) headers.set(CLIENT_IP_HEADER, address.replace(/^::ffff:/, ""));
    const request = new Request(c.req.raw, { headers });
    return auth.handler(request);
  });
  return routes;
}
