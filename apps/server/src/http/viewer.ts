import type { Context } from "hono";
import { forbidden, unauthenticated } from "./errors.ts";

/** Who is asking: set for every request by the auth module's session middleware. */
export interface Viewer {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
}

export type AppEnv = { Variables: { viewer: Viewer | null } };

export function getViewer(c: Context<AppEnv>): Viewer | null {
  return c.get("viewer") ?? null;
}

export function requireViewer(c: Context<AppEnv>): Viewer {
  const viewer = getViewer(c);
  if (!viewer) throw unauthenticated();
  return viewer;
}

export function requireAdmin(c: Context<AppEnv>): Viewer {
  const viewer = requireViewer(c);
  if (!viewer.isAdmin) throw forbidden();
  return viewer;
}
