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
import {
  ALL_BUCKETS,
  type Bucket,
  type ByteRange,
  type PutOptions,
  type Storage,
  StorageUnavailableError,
  type StoredObjectInfo,
  isValidKey,
} from "./storage.ts";

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
 * How long the store has to answer before an attempt counts as failed (the SDK tries 3 times, with
 * a short backoff): a store that is stopped refuses at once; one that is black-holed (a firewall
 * dropping packets, a hung host) would otherwise hold a request for minutes, and now fails in about
 * 10 s (decision 222). Connecting takes milliseconds to any S3 endpoint in reach; an answer to a
 * HEAD, GET or DELETE starts within one second even at S3's slowest, and a PUT of one 8 MB part
 * within 30 s on a link of 2 Mbit/s or more. The time to stream a body after its headers is not limited: a shopper's
 * player may pause reading a video for as long as it likes.
 */
const CONNECT_TIMEOUT_MS = 2_000;
const ANSWER_TIMEOUT_MS = 3_000;
const PART_UPLOAD_TIMEOUT_MS = 30_000;
/** Every command but a part's upload: its answer starts within ANSWER_TIMEOUT_MS or the attempt fails. */
const quick = { requestTimeout: ANSWER_TIMEOUT_MS };

/**
 * S3-compatible object storage: one bucket per app bucket (S3_BUCKET_PREFIX + name). Streams and
 * files go up as multipart uploads through @aws-sdk/lib-storage, so a 500 MB video never sits in
 * memory. Without a public base URL the browser still reads through /media, which forwards Range
 * requests to GetObject, so playback and caching behave as with the local driver. A store that is
 * away throws StorageUnavailableError from every method (decision 222).
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
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: PART_UPLOAD_TIMEOUT_MS, throwOnRequestTimeout: true },
  });

  const bucketName = (bucket: Bucket) => `${settings.bucketPrefix}${bucket}`;
  const checkedKey = (key: string) => {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };

  async function upload(bucket: Bucket, key: string, body: Buffer | Readable, options: PutOptions) {
    await whenReady();
    const upload = new Upload({
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
    });
    await outagesSaid(upload.done());
  }

  async function ensureBuckets() {
    for (const bucket of ALL_BUCKETS) {
      const Bucket = bucketName(bucket);
      try {
        await outagesSaid(client.send(new HeadBucketCommand({ Bucket }), quick));
      } catch (error) {
        if (!isNotFound(error)) throw error;
        await outagesSaid(client.send(new CreateBucketCommand({ Bucket }), quick));
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
        const head = await outagesSaid(client.send(new HeadObjectCommand({ Bucket: bucketName(bucket), Key: key }), quick));
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
      const object = await outagesSaid(
        client.send(new GetObjectCommand({ Bucket: bucketName(bucket), Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }), quick),
      );
      const body = object.Body;
      if (body instanceof Readable) return body;
      if (!body) return Readable.from([]);
      return Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream);
    },
    async delete(bucket, key) {
      await whenReady();
      await outagesSaid(client.send(new DeleteObjectCommand({ Bucket: bucketName(bucket), Key: checkedKey(key) }), quick));
    },
    async *list(bucket) {
      await whenReady();
      let ContinuationToken: string | undefined;
      do {
        const page = await outagesSaid(client.send(new ListObjectsV2Command({ Bucket: bucketName(bucket), ContinuationToken }), quick));
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

/** Node's socket errors for a store that refuses, drops or never answers a connection. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * Whether an SDK failure is the store's state rather than the request's: no connection, no answer
 * in time (the SDK's TimeoutError), or a 5xx (S3's InternalError, ServiceUnavailable, SlowDown, or a
 * proxy's 502 in front of it). A 4xx (AccessDenied, a missing bucket) stays as it is: a wrong setting
 * is the operator's to see in the log as an error, not a moment's outage.
 */
function isOutage(error: unknown): boolean {
  if (error instanceof S3ServiceException) return (error.$metadata.httpStatusCode ?? 0) >= 500;
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError") return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
  // Node reports a refused connection to a name with several addresses as one AggregateError.
  return error instanceof AggregateError && error.errors.some(isOutage);
}

async function outagesSaid<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw isOutage(error) ? new StorageUnavailableError(error) : error;
  }
}
