import { AsyncLocalStorage } from "node:async_hooks";
import { type DestinationStream, pino } from "pino";
import type { Config } from "./config.ts";
import { isDatabaseUnavailable } from "./db/database-unavailable.ts";

export type Logger = pino.Logger;

/**
 * The request a call into better-auth serves, entered by authCall (modules/auth/auth-calls.ts) only
 * around that call: its callbacks (delivery.ts) log through the app's logger, not c.var.log. Every
 * other line about a request goes through the request's logger (decision 189).
 */
export const requestScope = new AsyncLocalStorage<RequestScope>();

export interface RequestScope {
  requestId: string;
  /** better-auth met a database that is away while serving the request (auth.ts answers it 503, not better-auth's 500). */
  databaseAway?: boolean;
}

/** Lines written inside a request's better-auth call carry its id through requestScope (the mixin). */
export function createLogger(config: Pick<Config, "logLevel">, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    serializers: { err: serializeError },
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Errors as pino writes them, but one that says the database is away without its stack: while a
 * restart lasts, every request and background rebuild that meets it logs a line, and the stack of
 * a refused connection says nothing its message and code do not (decision 221).
 */
function serializeError(error: unknown): unknown {
  if (!isDatabaseUnavailable(error)) return pino.stdSerializers.err(error as Error);
  const { message, code } = error as Error & { code?: string };
  return { type: (error as Error).name, message, code };
}
