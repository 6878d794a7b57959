import { ERROR_CODES } from "@reelmart/core/api/errors";
import { isAPIError } from "better-auth/api";
import type { Context, Next } from "hono";
import type { Database } from "../../db/database.ts";
import { errorBody } from "../../http/errors.ts";
import type { AppEnv } from "../../http/viewer.ts";
import type { Auth } from "./auth.ts";
import { type SessionCache, type SessionViewer, sessionCacheKey } from "../../read-model/session-cache.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

// better-auth's session cookie is "<prefix>.session_token" (or "-session_token", "__Secure-" in front).
const SESSION_COOKIE = /(?:^|;)\s*[^=;]*session_token=/;

/**
 * Whether the request carries anything better-auth could resolve into a session: its cookie, or an
 * Authorization header (bearer and JWT plugins). Anonymous catalogue traffic has neither, and its
 * session lookup cost as much CPU as the handler itself (docs/decisions/030-public-read-cache.md).
 */
export function hasSessionCredentials(headers: Headers): boolean {
  return carriesSessionCredentials(headers.get("authorization"), headers.get("cookie"));
}

/** The same test on raw header values (the fast lane reads node's headers, decision 111). */
export function carriesSessionCredentials(authorization: string | null | undefined, cookie: string | null | undefined): boolean {
  if (authorization != null) return true;
  return cookie != null && SESSION_COOKIE.test(cookie);
}

/**
 * Cross-site request forgery guard for every state-changing /api request (better-auth's own check
 * only looks at requests that carry a cookie): a browser always sends Origin on such requests, so
 * one naming another site, or Fetch Metadata saying "cross-site", is refused. API clients that send
 * neither (curl, mobile apps with bearer tokens) are not browsers and pass.
 */
export function isCrossOrigin(c: Context, trustedOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has(c.req.method)) return false;
  const origin = c.req.header("origin");
  if (origin && origin !== "null") return !trustedOrigins.includes(origin);
  if (origin === "null") return true;
  return c.req.header("sec-fetch-site") === "cross-site";
}

/**
 * Resolves the session cookie or bearer token into the request's viewer (or null), through
 * `sessionCache` when the server keeps one (decision 104).
 */
export function sessionMiddleware(auth: Auth, database: Database, sessionCache?: SessionCache) {
  const configured = Array.isArray(auth.options.trustedOrigins) ? auth.options.trustedOrigins : [];
  const origins = configured.map((value) => new URL(value).origin);
  return async (c: Context<AppEnv>, next: Next) => {
    if (isCrossOrigin(c, origins)) {
      return c.json(errorBody(ERROR_CODES.forbidden, "Cross-origin requests are not allowed", "origin"), 403);
    }
    const isAuthRoute = c.req.path.startsWith("/api/auth/");
    const hasCredentials = hasSessionCredentials(c.req.raw.headers);
    if (isAuthRoute || hasCredentials) {
      await (isAuthRoute ? next() : resolveViewer(c, next));
      // Anything answered to a signed-in caller, and every auth answer, is personal: never stored by a browser or shared cache.
      c.res.headers.set("Cache-Control", "no-store");
      return;
    }
    await next();
  };

  async function resolveViewer(c: Context<AppEnv>, next: Next) {
    const headers = c.req.raw.headers;
    const key = sessionCache && sessionCacheKey(headers.get("authorization"), headers.get("cookie"));
    let viewer = key === undefined ? undefined : sessionCache?.get(key);
    if (!viewer) {
      const generation = sessionCache?.currentGeneration ?? 0;
      const found = await lookUp(headers);
      if (found && key !== undefined) sessionCache?.store(key, found.viewer, found.session, generation);
      viewer = found?.viewer;
    }
    if (viewer) c.set("viewer", { ...viewer, address: c.get("clientIp") ?? null });
    await next();
  }

  async function lookUp(headers: Headers): Promise<{ viewer: SessionViewer; session: { token: string; expiresAt: Date } } | null> {
    const session = await auth.api.getSession({ headers }).catch((error: unknown) => {
      // A session deleted while it was being read (a sign-out elsewhere) is no session; any other
      // failure (the database down) is a 5xx, not a signed-in shopper silently treated as a visitor.
      if (isAPIError(error) && error.status === "UNAUTHORIZED") return null;
      throw error;
    });
    if (!session) return null;
    const profile = await database.db.selectFrom("profiles").select(["is_admin", "banned_at"]).where("id", "=", session.user.id).executeTakeFirst();
    // A banned user's sessions are deleted at the ban; this covers a request already in flight.
    if (profile?.banned_at) return null;
    return {
      viewer: { userId: session.user.id, email: session.user.email, name: session.user.name, isAdmin: profile?.is_admin ?? false },
      session: { token: session.session.token, expiresAt: new Date(session.session.expiresAt) },
    };
  }
}
