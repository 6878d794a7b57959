import { isDatabaseUnavailable } from "../db/database-unavailable.ts";
import { AppError, badRequest, insufficientStorage, unavailable } from "../shared/errors.ts";

// SQLSTATE classes a client's data can cause (https://www.postgresql.org/docs/current/errcodes-appendix.html):
// 22 "data exception" (NUL or an invalid byte sequence, a value out of range, a malformed uuid or
// timestamp) and 54 "program limit exceeded" (a value too big for an index row). The body schemas
// refuse these first (core/api/text.ts); this is the backstop so that one they missed is a 400, not a 500.
const CLIENT_DATA_CLASSES = new Set(["22", "54"]);

/** The 400 a database error stands for when the client's data caused it, or null for a server fault. */
export function clientDataError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || !CLIENT_DATA_CLASSES.has(code.slice(0, 2))) return null;
  return badRequest(code.startsWith("54") ? "A value is too large" : "A value could not be stored as sent");
}

/** The 503 of a database that is away (restarting, failing over, unreachable), in the words a shopper or owner reads. */
export const databaseAway = () => unavailable("The shop is unavailable for a moment. Please try again in a few seconds.");

/**
 * The answer to a database error that comes of the database's state, not of the request: a
 * database that is away (restarting, failing over, unreachable) is a 503 with Retry-After; SQLSTATE
 * 53100 disk_full (the embedded database shares the shop's disk) a 507, as nothing was written and
 * reads go on (decisions 221, 222). The same request works once the state passes. Null for others.
 */
export function databaseStateError(error: unknown): { answer: AppError; logLine: string } | null {
  if (isDatabaseUnavailable(error)) return { answer: databaseAway(), logLine: "database unavailable" };
  if ((error as { code?: unknown } | null)?.code === "53100") {
    return { answer: insufficientStorage("The shop's disk is full, so this change could not be saved. Free some space and try again."), logLine: "database disk full" };
  }
  return null;
}
