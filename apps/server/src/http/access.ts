import type { OpenAPIHono } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { unauthenticated } from "../shared/errors.ts";
import { type AppEnv, requireAdmin, requireViewer } from "./viewer.ts";

// Who before what (docs/security.md): a route states who may call it once, as its OpenAPI
// `security`, and that one statement is both the published contract and the check, run before the
// route's params and body are validated, so a caller who may not use a route learns nothing about
// its input rules and an anonymous request with a bad body is a 401, not a 400.

/** The session cookie (or a bearer token) better-auth issued; scopes name the role needed. */
export const SESSION_SCHEME = "session";

/** `security` for routes a signed-in user may call. */
export const SIGNED_IN = [{ [SESSION_SCHEME]: [] as string[] }];
/** `security` for routes only an admin may call (OpenAPI 3.1 allows role names as scopes). */
export const ADMIN_ONLY = [{ [SESSION_SCHEME]: ["admin"] }];

type Security = { [scheme: string]: string[] }[] | undefined;

/** A route may word its 401 as its spec says (OpenAPI extension `x-unauthenticated-message`). */
export const UNAUTHENTICATED_MESSAGE_KEY = "x-unauthenticated-message";

const signedIn =
  (message?: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (message && !c.get("viewer")) throw unauthenticated(message);
    requireViewer(c);
    await next();
  };

const adminOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireAdmin(c);
  await next();
};

/** The check a route's `security` asks for, or none for a public route. */
export function accessCheck(route: { security?: Security; [UNAUTHENTICATED_MESSAGE_KEY]?: string }): MiddlewareHandler<AppEnv> | null {
  const scopes = route.security?.find((requirement) => SESSION_SCHEME in requirement)?.[SESSION_SCHEME];
  if (!scopes) return null;
  return scopes.includes("admin") ? adminOnly : signedIn(route[UNAUTHENTICATED_MESSAGE_KEY]);
}

/**
 * Makes every route registered on `api` run its access check first: modules declare `security`
 * and need no middleware of their own for it.
 */
export function enforceDeclaredAccess(api: OpenAPIHono<AppEnv>): void {
  api.openAPIRegistry.registerComponent("securitySchemes", SESSION_SCHEME, {
    type: "apiKey",
    in: "cookie",
    name: "better-auth.session_token",
    description: "The session cookie set by /api/auth (an `Authorization: Bearer` session token works too). Scope `admin`: the user must be an admin.",
  });
  const register = api.openapi;
  api.openapi = ((declared, handler, hook) => {
    // Everything under /admin is admin-only whatever it declares (modules/admin/admin-guard.ts); the document says so too.
    const route = declared.path.startsWith("/admin/") && !declared.security ? { ...declared, security: ADMIN_ONLY } : declared;
    const check = accessCheck(route as Parameters<typeof accessCheck>[0]);
    if (!check) return register(route, handler, hook);
    const own = route.middleware ? (Array.isArray(route.middleware) ? route.middleware : [route.middleware]) : [];
    return register({ ...route, middleware: [check, ...own] }, handler, hook);
  }) as typeof api.openapi;
}
