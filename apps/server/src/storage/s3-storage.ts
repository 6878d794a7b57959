import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { ALL_BUCKETS, type Bucket, type ByteRange, type PutOptions, type Storage, type StoredObjectInfo, isValidKey } from "./storage.ts";

export interface S3Settings {
  endpoint: string;
  region: string;
  bucketPrefix: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A CDN (or the bucket's public website) in front of the buckets; unset: files go through /media. */
  publicBaseUrl?: string;
}

export interface S3Storage extends Storage {
  /** Creates the buckets that do not exist yet (idempotent; run once at start). */
  ensureBuckets(): Promise<void>;
  readonly client: S3Client;
}

/**
 * S3-compatible object storage: one bucket per app bucket (S3_BUCKET_PREFIX + name). Streams and
 * files go up as multipart uploads through @aws-sdk/lib-storage, so a 500 MB video never sits in
 * memory. Without a public base URL the browser still reads through /media, which forwards Range
 * requests to GetObject, so playback and caching behave as with the local driver.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const bucketName = (bucket: Bucket) => `${settings.bucketPrefix}${bucket}`;
  const checkedKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  async function upload(bucket: Bucket, key: string, body: Buffer | Readable, options: PutOptions) {
    await whenReady();
    await new Upload({
      client,
      params: {
        Bucket: bucketName(bucket),
        Key: checkedKey(key),
        Body: body,
        ContentType: options.contentType,
        CacheControl: options.cacheControl,
      },
      // 8 MB parts, two at a time: bounded memory per upload on a small machine.
      partSize: 8 * 1024 * 1024,
      queueSize: 2,
    }).done();
  }

  async function ensureBuckets() {
    for (const bucket of ALL_BUCKETS) {
      const Bucket = bucketName(bucket);
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await client.send(new CreateBucketCommand({ Bucket }));
      }
    }
  }
  // Buckets are checked (and made when missing) before the first use, once per process.
  let ready: Promise<void> | undefined;
  const whenReady = () => (ready ??= ensureBuckets().catch((error: unknown) => {
    ready = undefined;
    throw error;
  }));

  const publicBase = settings.publicBaseUrl?.replace(/\/$/, "");
  return {
    client,
    ensureBuckets: whenReady,
    put: upload,
    async putFile(bucket, key, filePath, options) {
      await upload(bucket, key, createReadStream(filePath), options);
    },
    async head(bucket, key): Promise<StoredObjectInfo | null> {
      if (!isValidKey(key)) return null;
      await whenReady();
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }));
        return {
          size: head.ContentLength ?? 0,
          contentType: head.ContentType ?? "application/octet-stream",
          etag: head.ETag ?? `"${key}"`,
          lastModified: head.LastModified ?? new Date(0),
          cacheControl: head.CacheControl,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async read(bucket, key, range?: ByteRange) {
      await whenReady();
      const object = await client.send(
        new GetObjectCommand({ Bucket: bucketName(bucket), Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      const body = object.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream);
    },
    async delete(bucket, key) {
      await whenReady();
      await client.send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: checkedKey(key) }));
    },
    async *list(bucket) {
      await whenReady();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucketName(bucket), ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl(bucket, key) {
      return publicBase ? `${publicBase}/${bucketName(bucket)}/${key}` : `/media/${bucket}/${key}`;
    },
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) {
    return error.$metadata.httpStatusCode === 404 || error.name === "NotFound" || error.name === "NoSuchKey" || error.name === "NoSuchBucket";
  }
  return false;
}
