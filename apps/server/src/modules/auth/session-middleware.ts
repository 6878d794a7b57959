import type { Context, Next } from "hono";
import type { Database } from "../../db/database.ts";
import type { AppEnv } from "../../http/viewer.ts";
import type { Auth } from "./auth.ts";

/** Resolves the session cookie or bearer token into the request's viewer (or null). */
export function sessionMiddleware(auth: Auth, database: Database) {
  return async (c: Context<AppEnv>, next: Next) => {
    if (c.req.path.startsWith("/api/auth/")) return next();
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
    if (session) {
      const profile = await database.db
        .selectFrom("profiles")
        .select("is_admin")
        .where("id", "=", session.user.id)
        .executeTakeFirst();
      c.set("viewer", {
        userId: session.user.id,
        email: session.user.email,
        name: session.user.name,
        isAdmin: profile?.is_admin ?? false,
      });
    }
    await next();
  };
}
