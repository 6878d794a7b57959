import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import type { SSEMessage, SSEStreamingApi } from "hono/streaming";
import type { Logger } from "../logger.ts";

/** Below the 30-60 s idle timeouts of common proxies and load balancers. */
const HEARTBEAT_MS = 20_000;

/**
 * The most bytes of events a stream may hold for a client that has stopped reading them (past what
 * the socket itself buffers); past it the stream is dropped (decision 224). Events are fanned out
 * as they happen and hono queues every write it is not yet able to send, so without a bound one
 * stalled browser on a busy topic grows the process without end. A dropped browser reconnects and
 * refetches what it shows (decision 023), which is all a stream this far behind is good for.
 */
export const EVENT_STREAM_MAX_UNSENT_BYTES = 64 * 1024;

/** Bytes an event takes on the wire (its data, name and framing), as counted against the bound. */
const wireBytes = (message: SSEMessage) => Buffer.byteLength(String(message.data)) + (message.event?.length ?? 0) + 16;

/**
 * A send function for events that happen while the stream is open (fan-out, not awaited): it drops
 * the stream, closing its connection, once more than EVENT_STREAM_MAX_UNSENT_BYTES are waiting.
 */
export function boundedEventSender(c: Context, stream: SSEStreamingApi, log: Logger): (message: SSEMessage) => void {
  let unsent = 0;
  return (message) => {
    if (stream.aborted) return;
    const bytes = wireBytes(message);
    unsent += bytes;
    if (unsent > EVENT_STREAM_MAX_UNSENT_BYTES) {
      log.warn({ path: c.req.path, unsentBytes: unsent }, "dropped an event stream whose client stopped reading");
      dropStream(c, stream);
      return;
    }
    // swallowed: a write fails only on a closed stream, whose abort ends the sender's caller.
    void stream.writeSSE(message).then(
      () => (unsent -= bytes),
      () => {},
    );
  };
}

/**
 * Ends the stream and its connection. Closing the stream alone would not free the connection:
 * @hono/node-server waits for the socket to drain before it reads the end, which a client that does
 * not read never lets happen; destroying the socket also frees what the socket buffers.
 */
function dropStream(c: Context, stream: SSEStreamingApi) {
  stream.abort();
  (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing?.destroy();
}

/** Keeps an SSE stream open with a ping every HEARTBEAT_MS until the client goes away; resolves at once when it does. */
export async function pingUntilClosed(stream: SSEStreamingApi): Promise<void> {
  let wake: () => void = () => {};
  stream.onAbort(() => wake());
  while (!stream.aborted) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HEARTBEAT_MS);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (!stream.aborted) await stream.writeSSE({ event: "ping", data: "" });
  }
}
