import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import S3rver from "s3rver";
import type { S3Settings } from "../storage/s3-storage.ts";

/**
 * s3rver's own listen never hears of a failed bind: EADDRINUSE is an 'error' event nobody listens
 * to, so the process dies instead of the port loop below moving on. This one rejects instead.
 */
class PortCheckedS3rver extends S3rver {
  override listen(port: number, address: string, options: object): Promise<Server> {
    return new Promise((resolve, reject) => {
      // With a callback s3rver returns node's server.listen(), i.e. the server.
      const server = super.listen(port, address, options, () => {
        server.off("error", reject);
        resolve(server);
      }) as Server;
      server.once("error", reject);
    });
  }
}

export interface S3TestServer {
  settings: S3Settings;
  /** The same settings as environment variables, for loadConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) for one test file, on the first free port of the media
 * tests' range: the real @aws-sdk client talks to it over HTTP, signatures checked.
 */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "reelmart-s3-"));
  let lastError: unknown;
  for (let port = 3141; port <= 3149; port++) {
    const server = new PortCheckedS3rver({ address: "127.0.0.1", port, silent: true, directory, resetOnClose: true });
    try {
      await server.run();
    } catch (error) {
      lastError = error;
      continue;
    }
    const endpoint = `http://127.0.0.1:${port}`;
    const settings: S3Settings = {
      endpoint,
      region: "us-east-1",
      bucketPrefix: `t${process.pid}-`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    };
    return {
      settings,
      env: {
        STORAGE_DRIVER: "s3",
        S3_ENDPOINT: endpoint,
        S3_REGION: settings.region,
        S3_BUCKET_PREFIX: settings.bucketPrefix,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
      },
      async close() {
        await server.close();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  rmSync(directory, { recursive: true, force: true });
  throw new Error(`no free port for s3rver in 3141-3149: ${String(lastError)}`);
}
