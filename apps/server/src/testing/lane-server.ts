import { type IncomingHttpHeaders, type Server, request } from "node:http";
import type { AddressInfo } from "node:net";
import { CLIENT_TIMEOUTS, type ClientTimeouts, appListener, createAppServer } from "../http/app-listener.ts";
import { withFastLane } from "../fast-lane.ts";
import { laneAnswers } from "../lane-answers.ts";
import type { TestServer } from "./test-server.ts";

/**
 * The test server's app behind the fast lane on a real socket, as main.ts serves it (with its
 * timeouts, or shorter ones for a test of them), and the URLs the lane passed on to the app (empty
 * when the lane answered everything).
 */
export async function listenWithFastLane(
  server: TestServer,
  timeouts: ClientTimeouts = CLIENT_TIMEOUTS,
): Promise<{ base: string; reachedApp: string[]; http: Server; close: () => Promise<void> }> {
  const app = appListener(server.app.fetch);
  const reachedApp: string[] = [];
  const http = createAppServer(
    withFastLane(server.deps, laneAnswers, (incoming, response) => {
      reachedApp.push(incoming.url ?? "");
      void app(incoming, response);
    }),
    timeouts,
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    reachedApp,
    http,
    // Event streams and keep-alive connections would hold close() open.
    close: () => new Promise((resolve) => {
      http.close(() => resolve());
      http.closeAllConnections();
    }),
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose status, headers and bytes are kept as sent (fetch would undo a gzip). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on("error", reject)
      .end();
  });
}
