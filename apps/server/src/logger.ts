import { AsyncLocalStorage } from "node:async_hooks";
import { type DestinationStream, pino } from "pino";
import type { Config } from "./config.ts";

export type Logger = pino.Logger;

/** The request being answered, set by http/request-context.ts for everything the request runs. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Every line logged while a request is answered carries its request id, whichever module logs it. */
export function createLogger(config: Pick<Config, "logLevel">, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization"],
    mixin: () => {
      const scope = requestScope.getStore();
      return scope ? { requestId: scope.requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
