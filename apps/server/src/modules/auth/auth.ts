import { betterAuth } from "better-auth";
import { Hono } from "hono";
import { CLIENT_IP_HEADER, type buildAuthOptions } from "./auth-options.ts";

// Modules registered through modules.ts get AppDeps, which carries no auth instance; the few that
// call better-auth's API (admin invitations) look up the instance created on their database.
const authByDb = new WeakMap<object, Auth>();

export function createAuth(options: ReturnType<typeof buildAuthOptions>) {
  const auth = betterAuth(options);
  const db = (options.database as { db?: object } | undefined)?.db;
  if (db) authByDb.set(db, auth);
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;

/** The better-auth instance serving this database (created at bootstrap, before modules register). */
export function authFor(db: object): Auth {
  const auth = authByDb.get(db);
  if (!auth) throw new Error("No better-auth instance has been created for this database");
  return auth;
}

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
