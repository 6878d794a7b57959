import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import * as tus from "tus-js-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../logger.ts";
import { createProduct } from "../../testing/fixtures.ts";
import { type ListeningApp, listenInTestRange, makeTestVideo } from "../../testing/media-sources.ts";
import { type S3TestServer, startS3TestServer } from "../../testing/s3-test-server.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { type TestUser, signUpUser } from "../../testing/users.ts";
import { createMediaContext, mediaJobKinds } from "../media/media-jobs.ts";
import { drainJobs } from "../media/queue.ts";

// STORAGE_DRIVER=s3 end to end against s3rver: the server is configured from the environment as an
// operator would, the upload parts, the original and the renditions all live in S3 buckets.
describe("uploads and processing with STORAGE_DRIVER=s3", () => {
  let s3: S3TestServer;
  let server: TestServer;
  let http: ListeningApp;
  let admin: TestUser;
  let dir: string;

  beforeAll(async () => {
    s3 = await startS3TestServer();
    server = await startTestServer(s3.env);
    http = await listenInTestRange(server.app);
    admin = await signUpUser(server, { admin: true });
    dir = mkdtempSync(path.join(os.tmpdir(), "reelmart-s3-upload-"));
  }, 60_000);
  afterAll(async () => {
    await http?.close();
    await server?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("stores parts, original and renditions in the buckets, and serves the result through /media", { timeout: 60_000 }, async () => {
    expect(server.deps.config.storage.driver).toBe("s3");
    const productId = (await createProduct(server.deps.database.db)).id;
    const clip = readFileSync(await makeTestVideo(dir, "s3.mp4", { width: 270, height: 480, seconds: 1 }));
    const outcome = await new Promise<{ status: number; body: string }>((resolve) => {
      new tus.Upload(clip, {
        endpoint: `${http.url}/api/uploads`,
        headers: { cookie: admin.cookie },
        metadata: { purpose: "product-video", productId },
        chunkSize: 48 * 1024,
        retryDelays: [],
        onSuccess: ({ lastResponse }) => resolve({ status: lastResponse.getStatus(), body: lastResponse.getBody() }),
        onError: (error) => resolve({ status: 0, body: String(error) }),
      }).start();
    });
    expect(outcome.status).toBe(200);
    const { mediaId } = JSON.parse(outcome.body) as { mediaId: string };
    await drainJobs(server.deps.database.db, mediaJobKinds(createMediaContext(server.deps)), createLogger({ logLevel: "silent" }));

    const media = await server.deps.database.db.selectFrom("product_media").selectAll().where("id", "=", mediaId).executeTakeFirstOrThrow();
    expect(media.status).toBe("ready");
    const client = new S3Client({ endpoint: s3.settings.endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
    const listed = await client.send(new ListObjectsV2Command({ Bucket: `${s3.settings.bucketPrefix}product-media` }));
    const keys = (listed.Contents ?? []).map((object) => object.Key);
    expect(keys).toContain(media.url.replace("/media/product-media/", ""));
    expect(keys).toContain(media.thumbnail_url!.replace("/media/product-media/", ""));
    // Parts and the original are gone from the private bucket once processed.
    const uploads = await client.send(new ListObjectsV2Command({ Bucket: `${s3.settings.bucketPrefix}uploads` }));
    expect(uploads.Contents ?? []).toEqual([]);
    client.destroy();

    const range = await server.request(media.url, { headers: { range: "bytes=0-99" } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });
});
