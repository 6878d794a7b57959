// Errors that say the database is away (restarting, failing over, unreachable, out of connections),
// not that a query or its data were wrong: the request that met one is answered 503 with
// Retry-After, and the pool reconnects by itself once the database is back (docs/operations.md,
// "what happens when"; decision 221).

/** Node's socket errors for a server that refuses, drops or never answers a connection. */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * SQLSTATEs of a server that is going away or not taking connections
 * (https://www.postgresql.org/docs/current/errcodes-appendix.html): class 08 (connection exception),
 * 57P01 admin_shutdown (a restart or failover terminates every session), 57P02 crash_shutdown,
 * 57P03 cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** pg's own words for a connection it lost or could not get in time (these errors carry no code). */
const DRIVER_MESSAGES = [
  "Connection terminated unexpectedly",
  "Connection terminated due to connection timeout",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
];

/**
 * Whether `error` means the database could not be reached or dropped the connection. Its causes
 * count too: better-auth wraps the driver's error in an APIError ("Failed to get session").
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  if (error.cause !== undefined && isDatabaseUnavailable(error.cause, depth + 1)) return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  // Node reports a refused connection to a name with several addresses as one AggregateError.
  if (error instanceof AggregateError && error.errors.some((each) => isDatabaseUnavailable(each, depth + 1))) return true;
  return DRIVER_MESSAGES.some((message) => error.message.startsWith(message));
}
