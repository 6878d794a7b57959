import { readFileSync } from "node:fs";
import { enqueueJob } from "../modules/media/queue.ts";
import { UPLOADED_VIDEO_JOB } from "../modules/media/upload-jobs.ts";
import { createMedia, createProduct } from "./fixtures.ts";
import { makeTestVideo } from "./media-sources.ts";
import type { TestServer } from "./test-server.ts";

/**
 * A video as an upload leaves it for the media workers: a product's media row still processing,
 * the uploaded file (a real clip of `size`, made in `dir`) in the uploads bucket under `name`, and
 * the job that turns it into renditions, queued.
 */
export async function queueUploadedVideo(server: TestServer, dir: string, name: string, size: { width: number; height: number; seconds: number }) {
  const db = server.deps.database.db;
  const product = await createProduct(db);
  const media = await createMedia(db, product.id, { type: "video", status: "processing", url: "" });
  const sourceKey = `${name}/source`;
  await server.deps.storage.put("uploads", sourceKey, readFileSync(await makeTestVideo(dir, `${name}.mp4`, size)), { contentType: "application/octet-stream" });
  const jobId = await enqueueJob(db, UPLOADED_VIDEO_JOB, { sourceKey, productId: product.id, mediaId: media.id }, undefined, { mediaId: media.id });
  return { product, media, jobId };
}
