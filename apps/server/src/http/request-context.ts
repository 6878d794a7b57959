import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { requestScope } from "../logger.ts";
import { type TrustedProxies, clientAddress } from "./client-address.ts";
import type { AppEnv } from "./viewer.ts";

type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

// An id a trusted proxy already gave the request is kept so one request is findable in both logs.
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Names the request (X-Request-Id, echoed in the response and, through the logger's mixin, written
 * on every line logged while it runs) and its client (the socket peer, or the address a trusted
 * proxy forwarded) before anything else runs.
 */
export function requestContext(proxies: TrustedProxies): MiddlewareHandler<AppEnv & { Bindings: NodeBindings }> {
  return async (c, next) => {
    const socketAddress = c.env?.incoming?.socket?.remoteAddress;
    const fromTrustedProxy = socketAddress !== undefined && proxies.has(socketAddress);
    const forwardedId = c.req.header("x-request-id");
    const requestId = fromTrustedProxy && forwardedId && FORWARDED_ID.test(forwardedId) ? forwardedId : randomUUID();
    c.set("requestId", requestId);
    c.set("clientIp", clientAddress(socketAddress, c.req.raw.headers, proxies));
    await requestScope.run({ requestId }, next);
    c.res.headers.set("X-Request-Id", requestId);
  };
}
