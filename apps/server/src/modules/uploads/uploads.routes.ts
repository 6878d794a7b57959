import { randomBytes } from "node:crypto";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { ERRORS, Server } from "@tus/server";
import type { Context } from "hono";
import type { AppDeps, RegisterRoutes } from "../../context.ts";
import type { UploadPurpose } from "../../db/schema.ts";
import { RETRY_AFTER_SECONDS, errorBody, statusOf } from "../../http/errors.ts";
import { AppError } from "../../shared/errors.ts";
import { type AppEnv, getViewer } from "../../http/viewer.ts";
import type { Logger } from "../../logger.ts";
import type { Viewer } from "../../shared/viewer.ts";
import { isStorageUnavailable } from "../../storage/storage.ts";
import { authorizeUpload, checkContentType, finishUpload, isPurpose, maxBytesFor, parseUploadMetadata, tooLargeMessage } from "./uploads.service.ts";
import { StorageUploadStore, type TusResponseError, tusError } from "./upload-store.ts";
import { describeUploads } from "./uploads.openapi.ts";

export const UPLOADS_PATH = "/api/uploads";
const EXPIRY_SWEEP_MS = 10 * 60 * 1000;

/**
 * Resumable uploads (the tus protocol, @tus/server) at /api/uploads: POST creates an upload for a
 * purpose and product, PATCH appends bytes from the offset HEAD reports, DELETE abandons one.
 * Every request is the owner's only (others get 404); sizes over the purpose's limit are refused
 * with 413 from Upload-Length, before any byte is stored; the type is decided by the bytes.
 */
export function createUploads(deps: AppDeps) {
  const { db } = deps.database;
  const limits = deps.config.uploads;
  // tus hands its hooks the raw request: each one's viewer and logger (c.var.log, with its id) are kept by it.
  const requests = new WeakMap<Request, { viewer: Viewer | null; log: Logger; retryAfter?: boolean }>();
  const logFor = (req: unknown) => requests.get(req as Request)?.log ?? deps.logger;
  const purposeOf = new Map<string, UploadPurpose>();
  const store = new StorageUploadStore(db, deps.storage, {
    expiryMs: limits.expiryMs,
    logger: deps.logger,
    checkFirstBytes: (purpose, head) => void checkContentType(purpose, head),
  });

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    relativeLocation: true,
    namingFunction: () => randomBytes(16).toString("hex"),
    async maxSize(req, uploadId) {
      const purpose = uploadId ? (purposeOf.get(uploadId) ?? (await store.describe(uploadId))?.purpose) : undefined;
      const claimed = purpose ?? parseUploadMetadata(req.headers.get("upload-metadata")).purpose;
      return maxBytesFor(isPurpose(claimed) ? claimed : "product-image", limits);
    },
    async onIncomingRequest(req, uploadId) {
      if (req.method === "POST") return;
      const viewer = requests.get(req as unknown as Request)?.viewer;
      const row = await store.describe(uploadId);
      if (!row || !viewer || row.user_id !== viewer.userId) throw ERRORS.FILE_NOT_FOUND;
      purposeOf.set(uploadId, row.purpose);
    },
    async onUploadCreate(req, upload) {
      const metadata = await authorizeUpload(db, requests.get(req as unknown as Request)?.viewer ?? null, upload.metadata ?? {});
      return { metadata };
    },
    async onUploadFinish(req, upload) {
      purposeOf.delete(upload.id);
      const finished = await finishUpload({ db, store, storage: deps.storage, logger: logFor(req), config: deps.config }, upload.id).catch((error: unknown) => {
        // The admin services behind brand and marketplace images speak AppError; tus wants its shape.
        throw error instanceof AppError ? tusRefusal(req, error) : error;
      });
      return { status_code: 200, headers: { "Content-Type": "application/json" }, body: JSON.stringify(finished) };
    },
    onResponseError(req, error) {
      if (isStorageUnavailable(error)) return tusRefusal(req, error);
      // tus's own refusals are plain text; the app's clients read {"error":{code,message}}.
      if ("status_code" in error && error.body.startsWith("{")) return undefined;
      const status = "status_code" in error ? error.status_code : 500;
      if (status === 413) {
        const purpose = parseUploadMetadata(req.headers.get("upload-metadata")).purpose;
        return tusError(413, ERROR_CODES.tooLarge, tooLargeMessage(isPurpose(purpose) ? purpose : "product-video", limits));
      }
      if (status >= 500) logFor(req).error({ err: error }, "upload failed on the server");
      const message = "body" in error ? String(error.body).trim() : "Upload failed";
      return tusError(status, status === 404 ? ERROR_CODES.notFound : status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest, message);
    },
  });

  /**
   * An AppError as tus's answer. Storage that is away or full is logged (what the operator acts on)
   * and the request marked, so its 503 carries Retry-After as the app's other 503s do.
   */
  function tusRefusal(req: unknown, error: AppError): TusResponseError {
    if (isStorageUnavailable(error)) {
      logFor(req).warn({ err: error.cause }, error.logLine);
      const request = requests.get(req as Request);
      if (request) request.retryAfter = error.code === ERROR_CODES.unavailable;
    }
    return tusError(statusOf(error), error.code, error.message);
  }

  const handle = async (c: Context<AppEnv>) => {
    const viewer = getViewer(c);
    if (c.req.method !== "OPTIONS" && !viewer) return c.json(errorBody(ERROR_CODES.unauthenticated, "Sign in required"), 401);
    requests.set(c.req.raw, { viewer, log: c.var.log });
    const response = await asJsonError(await tus.handleWeb(c.req.raw), c.req.method);
    if (requests.get(c.req.raw)?.retryAfter) response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
    return response;
  };

  return {
    store,
    handle,
    /** Removes incomplete uploads past UPLOAD_EXPIRY_HOURS now and every 10 minutes. */
    scheduleExpirySweep() {
      deps.tasks.every("expired uploads sweep", EXPIRY_SWEEP_MS, () => store.deleteExpired(), { runAtStart: true });
    },
  };
}

/**
 * Some refusals @tus/server writes itself, in plain text, without onResponseError (a missing or
 * wrong Tus-Resumable, an unknown method): they get the API's {"error":{code,message}} shape too.
 * HEAD answers carry no body, so they stay as they are.
 */
async function asJsonError(response: Response, method: string): Promise<Response> {
  if (response.status < 400 || method === "HEAD" || response.headers.get("content-type")?.includes("application/json")) return response;
  const text = (await response.text()).trim();
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  // Already the API's shape (tusError bodies, which tus sends without a content type).
  if (text.startsWith('{"error":')) return new Response(text, { status: response.status, headers });
  const code = response.status === 404 ? ERROR_CODES.notFound : response.status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest;
  return new Response(JSON.stringify(errorBody(code, text || "Upload request refused")), { status: response.status, headers });
}

export const registerUploadRoutes: RegisterRoutes = (app, deps) => {
  describeUploads(app);
  const uploads = createUploads(deps);
  if (deps.config.env !== "test") uploads.scheduleExpirySweep();
  // Hono routes HEAD as GET (the raw request keeps its HEAD method for tus).
  app.on(["POST", "OPTIONS"], "/uploads", uploads.handle);
  app.on(["GET", "PATCH", "DELETE", "OPTIONS"], "/uploads/:id", uploads.handle);
};
