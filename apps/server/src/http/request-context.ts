import { randomUUID } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "../logger.ts";
import { type TrustedProxies, clientAddress } from "./client-address.ts";
import type { AppEnv } from "./viewer.ts";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

// An id a trusted proxy already gave the request is kept so one request is findable in both logs.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Names the request (X-Request-Id, echoed in the response and bound on the request's logger,
 * c.var.log, so it is on every line logged through it) and its client (the socket peer, or the
 * address a trusted proxy forwarded) before anything else runs. The request's lines go through
 * c.var.log, never an AsyncLocalStorage: one enabled makes Node run promise hooks on every promise.
 */
export function requestContext(proxies: TrustedProxies, logger: Logger): MiddlewareHandler<AppEnv & { Bindings: NodeBindings }> {
  return async (c, next) => {
    const socketAddress = c.env?.incoming?.socket?.remoteAddress;
    const fromTrustedProxy = socketAddress !== undefined && proxies.has(socketAddress);
    const forwardedId = c.req.header("x-request-id");
    const requestId = fromTrustedProxy && forwardedId && FORWARDED_ID.test(forwardedId) ? forwardedId : randomUUID();
    c.set("requestId", requestId);
    c.set("log", logger.child({ requestId }));
    c.set("clientIp", clientAddress(socketAddress, c.req.raw.headers, proxies));
    await next();
    c.res.headers.set("X-Request-Id", requestId);
  };
}

/**
 * A service's deps with the request's logger (c.var.log) in place of the app's, for routes whose
 * services log: their lines then carry the request id too.
 */
export function withRequestLog<Deps extends { logger: Logger }>(c: Context<AppEnv>, deps: Deps): Deps {
  return { ...deps, logger: c.var.log };
}
