import { UPLOADS_ENDPOINT, type UploadFinished, type UploadPurpose } from "@reelmart/core/api/media";
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../ui/toast.ts";
import { ApiRequestError } from "../api/client.ts";
import type * as Tus from "tus-js-client";

export type UploadStatus = "uploading" | "paused" | "processing" | "failed";

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  bytesSent: number;
  status: UploadStatus;
  error: string | null;
  result: UploadFinished | null;
}

export interface UploadRequest {
  file: File;
  purpose: UploadPurpose;
  /** The upload's target: a product for product media and submissions, else a brand or a marketplace. */
  productId?: string;
  brandId?: string;
  marketplaceId?: string;
  title?: string;
  category?: "product" | "ugc";
  /** Checked before sending (the server checks again and answers 413). */
  maxBytes?: number;
}

/** 8 MB PATCHes: a dropped connection loses at most one chunk, and proxies' body limits are met. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Network hiccups are retried by the client before the admin sees a failure. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000];

let tusModule: Promise<typeof Tus> | undefined;
/** tus-js-client loads on the first upload only (keeps it out of every first load). */
const loadTus = () => (tusModule ??= import("tus-js-client"));

/** The server's {"error":{"message"}} from a failed tus request, or a plain reason. */
export function uploadFailureReason(error: unknown): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } | null }).originalResponse;
  if (response) {
    try {
      const parsed = JSON.parse(response.getBody()) as { error?: { message?: string } };
      if (parsed.error?.message) return parsed.error.message;
    } catch {
      // swallowed: not JSON; the status answers below.
    }
    if (response.getStatus() === 413) return "The file is too large";
  }
  if (error instanceof Error && /network|xhr|failed to fetch/i.test(error.message)) return "The connection was lost. Retry to continue where it stopped.";
  return error instanceof Error ? error.message : "Something went wrong";
}

/**
 * Whether a failed tus request is worth sending again: a lost connection (0), a lost lock (409,
 * 423) or the server away for a moment (5xx, such as storage's 503). Other 4xx are final (retrying
 * a 415 cannot help), and so is 507: the shop's storage is full until its owner frees space.
 */
export function isRetryableUploadStatus(status: number): boolean {
  return status === 0 || status === 409 || status === 423 || (status >= 500 && status !== 507);
}

/** What every upload sends: chunks, retries, and the metadata that names its purpose and target. */
function tusOptions(request: UploadRequest): Tus.UploadOptions {
  const target = { productId: request.productId, brandId: request.brandId, marketplaceId: request.marketplaceId, title: request.title, category: request.category };
  return {
    endpoint: UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    removeFingerprintOnSuccess: true,
    metadata: {
      purpose: request.purpose,
      filename: request.file.name,
      filetype: request.file.type,
      ...Object.fromEntries(Object.entries(target).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    },
    onShouldRetry: (error, _attempt, defaults) => defaults.retryDelays !== null && isRetryableUploadStatus((error as Tus.DetailedError).originalResponse?.getStatus() ?? 0),
  };
}

function parseFinished(body: string): UploadFinished | null {
  try {
    return JSON.parse(body) as UploadFinished;
  } catch {
    // swallowed: an answer that is not JSON is no finished upload; the caller says so.
    return null;
  }
}

/**
 * One file over tus, as a promise (brand logos and covers, marketplace flags): resolves with what
 * the server made of it, rejects with an ApiRequestError carrying the server's reason.
 */
export async function uploadFile(request: UploadRequest): Promise<UploadFinished> {
  const tus = await loadTus();
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(request.file, {
      ...tusOptions(request),
      onSuccess: ({ lastResponse }) => {
        const finished = parseFinished(lastResponse.getBody());
        if (finished) resolve(finished);
        else reject(new ApiRequestError(lastResponse.getStatus(), "bad_response", "The server's answer could not be read"));
      },
      onError: (error) => {
        const status = (error as Tus.DetailedError).originalResponse?.getStatus() ?? 0;
        reject(new ApiRequestError(status, status ? `http_${status}` : "network", uploadFailureReason(error)));
      },
    });
    upload.start();
  });
}

function formatMegabytes(bytes: number) {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/**
 * Several resumable uploads at once (tus): progress, pause, resume, retry. A file chosen again
 * after a reload or a crash resumes from the bytes the server already has (tus-js-client keeps a
 * fingerprint of name, size and date in local storage). Failures toast 'Upload failed' with the
 * server's reason.
 */
export function useResumableUploads(options: { onFinished?: (item: UploadItem) => void } = {}) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const uploads = useRef(new Map<string, Tus.Upload>());
  const onFinished = useRef(options.onFinished);
  onFinished.current = options.onFinished;

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const fail = useCallback(
    (key: string, reason: string) => {
      patch(key, { status: "failed", error: reason });
      toast.error("Upload failed", { description: reason });
    },
    [patch],
  );

  const begin = useCallback(async (key: string, upload: Tus.Upload) => {
    // A file sent before (reload, lost connection) continues from the server's offset.
    // swallowed: without a readable record of an earlier attempt the file is sent from the start.
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
    uploads.current.set(key, upload);
  }, []);

  const add = useCallback(
    async (requests: UploadRequest[]) => {
      const tus = await loadTus();
      for (const request of requests) {
        const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
        const item: UploadItem = { key, name: request.file.name, size: request.file.size, bytesSent: 0, status: "uploading", error: null, result: null };
        setItems((list) => [item, ...list]);
        if (request.maxBytes && request.file.size > request.maxBytes) {
          fail(key, `The file is ${formatMegabytes(request.file.size)}; the limit is ${formatMegabytes(request.maxBytes)}`);
          continue;
        }
        const upload = new tus.Upload(request.file, {
          ...tusOptions(request),
          onProgress: (bytesSent) => patch(key, { bytesSent }),
          onSuccess: ({ lastResponse }) => {
            const result = parseFinished(lastResponse.getBody());
            const done = { ...item, bytesSent: request.file.size, status: "processing" as const, result };
            patch(key, done);
            uploads.current.delete(key);
            onFinished.current?.(done);
          },
          onError: (error) => fail(key, uploadFailureReason(error)),
        });
        await begin(key, upload);
      }
    },
    [begin, fail, patch],
  );

  const pause = useCallback(
    (key: string) => {
      void uploads.current.get(key)?.abort();
      patch(key, { status: "paused" });
    },
    [patch],
  );

  const resume = useCallback(
    (key: string) => {
      const upload = uploads.current.get(key);
      if (!upload) return;
      patch(key, { status: "uploading", error: null });
      void begin(key, upload);
    },
    [begin, patch],
  );

  const dismiss = useCallback((key: string) => {
    void uploads.current.get(key)?.abort();
    uploads.current.delete(key);
    setItems((list) => list.filter((item) => item.key !== key));
  }, []);

  useEffect(() => {
    const current = uploads.current;
    return () => {
      for (const upload of current.values()) void upload.abort();
    };
  }, []);

  return { items, add, pause, resume, retry: resume, dismiss };
}
