import { type IncomingMessage, type RequestListener, type Server, createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";

// Decision 224: what a slow or silent client may hold. Node ends a request whose headers or whole
// body have not arrived in time (408, then the connection is closed) and checks every
// connectionsCheckingInterval; a request is "received" when its last byte is, so an event stream
// (a GET without a body) is never cut by requestTimeout.

/** The store's HTTP server limits for slow clients (main.ts and the tests' real-socket servers). */
export interface ClientTimeouts {
  /** Until a request's headers have all arrived. */
  headersMs: number;
  /** Until a request has all arrived, body included. */
  requestMs: number;
  /** How often node looks for a request past either limit. */
  checkEveryMs: number;
}

export const CLIENT_TIMEOUTS: ClientTimeouts = {
  // A phone on a poor link sends a request's few hundred bytes of headers in well under a second;
  // nginx allows 60 s, but a client slower than 15 s per header block is holding a socket, not asking.
  headersMs: 15_000,
  // Sized to the largest body a real client sends in one request: the web app's 8 MB tus chunk at
  // about 4.7 KB/s (37 kbit/s, a poor 2G uplink) takes 30 minutes. A tus upload cut off here loses only
  // that request: the client asks the offset (HEAD) and sends the rest. Any other body is smaller.
  requestMs: 30 * 60_000,
  // Node's default of 30 s would let a slow-headers client stay up to 45 s.
  checkEveryMs: 2_000,
};

/**
 * The node HTTP server the store runs `listener` on, with the limits above. Balancers keep idle
 * connections to the app open for 60 s (nginx's upstream keepalive_timeout, most cloud balancers):
 * node's default keep-alive of 5 s would close them first, and one closed just as the balancer sends
 * a request on it fails that request with a 502 the balancer may not resend (a POST).
 */
export function createAppServer(listener: RequestListener, timeouts: ClientTimeouts = CLIENT_TIMEOUTS): Server {
  const server = createServer(
    { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    listener,
  );
  server.keepAliveTimeout = 65_000;
  return server;
}

// Decision 220: a request the app answers before reading its body (a 401 before an upload, a 413
// from Content-Length) keeps its connection until the rest of the body has arrived, read and thrown
// away, so the client receives the answer. @hono/node-server's own clean-up read it for at most
// 500 ms and then closed the socket with bytes unread, which makes the kernel send a reset: a client
// sending 6 MB at less than 12 MB/s, or one that reads only after sending (Python's http.client,
// many SDKs), got ECONNRESET or EPIPE instead of its 401 or 413.

/** The most of an answered request's body that is read and thrown away; past it the connection is closed. */
const UNREAD_BODY_DISCARD_BYTES = 64 * 1024 * 1024;

/** How long the rest of an answered request's body may stop arriving before the connection is closed. */
const UNREAD_BODY_IDLE_MS = 10_000;

type FetchCallback = Parameters<typeof getRequestListener>[0];

/** node's listener for the app, as main.ts serves it, with the rule above for answered requests' bodies. */
export function appListener(fetch: FetchCallback, hostname?: string): RequestListener {
  const listener = getRequestListener(fetch, { hostname, autoCleanupIncoming: false });
  return (incoming, outgoing) => {
    if (declaresBody(incoming)) outgoing.once("finish", () => discardUnreadBody(incoming));
    return listener(incoming, outgoing);
  };
}

const declaresBody = (incoming: IncomingMessage) => incoming.headers["transfer-encoding"] !== undefined || (incoming.headers["content-length"] ?? "0") !== "0";

/**
 * Reads what is left of an answered request's body without keeping it. The answer is final, so
 * whatever was reading the body (a web stream the app let go of, which would queue every byte) stops
 * getting it. Past UNREAD_BODY_DISCARD_BYTES, or after UNREAD_BODY_IDLE_MS without a byte, the
 * connection is closed: a client that still sends by then has been answered long before.
 */
function discardUnreadBody(incoming: IncomingMessage): void {
  if (incoming.readableEnded || incoming.destroyed) return;
  incoming.removeAllListeners("data");
  let discarded = 0;
  const close = () => {
    clearTimeout(idle);
    incoming.socket.destroy();
  };
  const idle = setTimeout(close, UNREAD_BODY_IDLE_MS).unref();
  const done = () => clearTimeout(idle);
  incoming.on("data", (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > UNREAD_BODY_DISCARD_BYTES) close();
    else idle.refresh();
  });
  incoming.once("end", done);
  // An error here is the connection ending (the client gone or cut off above): nothing is left to read.
  incoming.once("error", done);
  incoming.once("close", done);
  incoming.resume();
}
