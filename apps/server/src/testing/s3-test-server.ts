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
  private http?: Server;

  /** Stops at once, cutting open connections too, as a store that goes away does. */
  async stop(): Promise<void> {
    const closed = this.close();
    this.http?.closeAllConnections();
    await closed;
  }

  override listen(port: number, address: string, options: object): Promise<Server> {
    return new Promise((resolve, reject) => {
      // With a callback s3rver returns node's server.listen(), i.e. the server.
      const server = super.listen(port, address, options, () => {
        server.off("error", reject);
        this.http = server;
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
  /** Stops answering (connections are refused) and keeps the stored objects, as a stopped store does. */
  stop(): Promise<void>;
  /** Serves the same objects again on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver) for one test file, on the first free port of the media
 * tests' range: the real @aws-sdk client talks to it over HTTP, signatures checked. A test that
 * stops and restarts it asks for `anyPort`: a port the system picks, which no other test file's
 * server takes in the range while this one is stopped.
 */
export async function startS3TestServer(options: { anyPort?: boolean } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "reelmart-s3-"));
  // The objects stay in the directory while stopped; close() removes it.
  const listenOn = async (port: number) => {
    const server = new PortCheckedS3rver({ address: "127.0.0.1", port, silent: true, directory, resetOnClose: false });
    return { server, address: await server.run() };
  };
  let lastError: unknown;
  for (const wanted of options.anyPort ? [0] : [3141, 3142, 3143, 3144, 3145, 3146, 3147, 3148, 3149]) {
    let server: PortCheckedS3rver;
    let port: number;
    try {
      ({ server, address: { port } } = await listenOn(wanted));
    } catch (error) {
      lastError = error;
      continue;
    }
    let running = true;
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
      async stop() {
        running = false;
        await server.stop();
      },
      async restart() {
        ({ server } = await listenOn(port));
        running = true;
      },
      async close() {
        if (running) await server.stop();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  }
  rmSync(directory, { recursive: true, force: true });
  throw new Error(`no free port for s3rver: ${String(lastError)}`);
}
