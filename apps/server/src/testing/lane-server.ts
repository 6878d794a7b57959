import { type IncomingHttpHeaders, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { appListener } from "../http/app-listener.ts";
import { withFastLane } from "../http/fast-lane.ts";
import type { TestServer } from "./test-server.ts";

/**
 * The test server's app behind the fast lane on a real socket, as main.ts serves it, and the URLs
 * the lane passed on to the app (empty when the lane answered everything).
 */
export async function listenWithFastLane(server: TestServer): Promise<{ base: string; reachedApp: string[]; close: () => Promise<void> }> {
  const app = appListener(server.app.fetch);
  const reachedApp: string[] = [];
  const http = createServer(
    withFastLane(server.fastLane, (incoming, response) => {
      reachedApp.push(incoming.url ?? "");
      void app(incoming, response);
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    reachedApp,
    close: () => new Promise((resolve) => http.close(() => resolve())),
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
