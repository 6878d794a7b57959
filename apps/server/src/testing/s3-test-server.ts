import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Settings } from "../storage/s3-storage.ts";

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
    const server = new S3rver({ address: "127.0.0.1", port, silent: true, directory, resetOnClose: true });
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
