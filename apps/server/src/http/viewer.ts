import type { Context } from "hono";
import type { Logger } from "../logger.ts";
import { forbidden, unauthenticated } from "../shared/errors.ts";
import type { Viewer } from "../shared/viewer.ts";
import type { Piece } from "./body-pieces.ts";


export type AppEnv = {
  Variables: {
    viewer: Viewer | null;
    /** Set by the request context middleware: the id on every log line about this request. */
    requestId: string;
    /** The logger for lines about this request: the app's logger with requestId bound (set by the request context middleware). */
    log: Logger;
    /** The client's address (a trusted proxy's forwarded one, or the socket's), for rate limits, logs and audit. */
    clientIp: string | null;
    /** A body made of pieces shared with other answers (a share page's shell), set by its handler for the public cache (decision 181). */
    bodyPieces?: readonly Piece[];
  };
};

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
