import type { SSEStreamingApi } from "hono/streaming";

/** Below the 30-60 s idle timeouts of common proxies and load balancers. */
const HEARTBEAT_MS = 20_000;

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
