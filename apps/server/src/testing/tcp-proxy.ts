import { type Server, type Socket, connect, createServer } from "node:net";
import type { AddressInfo } from "node:net";

/**
 * A TCP proxy in front of a server (PostgreSQL, for the fault tests) that a test can cut: `cut()`
 * drops every connection through it, as a restart, a failover or a broken network does, and
 * `refuse()` turns new connections away until `accept()`, as a server that is down does.
 */
export interface TcpProxy {
  port: number;
  /** Ends every connection through the proxy at once (both sides see their socket close). */
  cut(): void;
  /** Closes each new connection as soon as it arrives, until accept(). */
  refuse(): void;
  accept(): void;
  /** How many connections pass through it now. */
  readonly open: number;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<TcpProxy> {
  const pairs = new Set<[Socket, Socket]>();
  let refusing = false;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const cut = () => {
    for (const [client, upstream] of pairs) {
      client.destroy();
      upstream.destroy();
    }
    pairs.clear();
  };
  return {
    port: (server.address() as AddressInfo).port,
    cut,
    refuse: () => (refusing = true),
    accept: () => (refusing = false),
    get open() {
      return pairs.size;
    },
    close: () =>
      new Promise((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
