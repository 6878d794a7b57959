import { createRoute, z } from "@hono/zod-openapi";
import { IdParamSchema } from "@reelmart/core/api/catalog";
import {
  MediaLibraryPageSchema,
  MediaLibraryQuerySchema,
  MediaUpdateBodySchema,
  RejectBodySchema,
  SubmissionListQuerySchema,
  SubmissionListSchema,
  UploadLimitsSchema,
  WEBVTT_MAX_BYTES,
} from "@reelmart/core/api/media";
import { type SSEMessage, type SSEStreamingApi, streamSSE } from "hono/streaming";
import type { AppDeps, RegisterRoutes } from "../../context.ts";
import type { Database } from "../../db/database.ts";
import { tooLarge, unsupportedMedia } from "../../shared/errors.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { requireAdmin, requireViewer } from "../../http/viewer.ts";
import type { Logger } from "../../logger.ts";
import {
  CaptionsError,
  approveSubmission,
  listLibrary,
  listMySubmissions,
  listSubmissions,
  rejectSubmission,
  removeCaptions,
  retryMedia,
  setCaptions,
  updateLibraryMedia,
} from "./library.service.ts";
import { MEDIA_PROGRESS_CHANNEL } from "./queue.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { boundedEventSender, pingUntilClosed } from "../../http/sse.ts";

const adminErrors = { 400: errorResponse("Invalid input (names the field)"), 401: errorResponse("Not signed in"), 403: errorResponse("Not an admin") };
const tags = ["media"];

const libraryRoute = createRoute({
  method: "get",
  path: "/admin/media-library",
  tags,
  summary: "All product media, newest first, filtered by product, type, category and status, with processing progress",
  request: { query: MediaLibraryQuerySchema },
  responses: { 200: jsonResponse(MediaLibraryPageSchema, "One page"), ...adminErrors },
});
const updateRoute = createRoute({
  method: "patch",
  path: "/admin/media-library/{id}",
  tags,
  summary: "Attach media to a product, or make it the main video or the cover image",
  request: { params: IdParamSchema, body: { required: true, content: { "application/json": { schema: MediaUpdateBodySchema } } } },
  responses: { 204: { description: "Changed" }, ...adminErrors, 404: errorResponse("Unknown media or product"), 409: errorResponse("Still processing") },
});
const retryRoute = createRoute({
  method: "post",
  path: "/admin/media-library/{id}/retry",
  tags,
  summary: "Process a failed upload again (a fresh set of attempts)",
  request: { params: IdParamSchema },
  responses: { 202: { description: "Queued" }, ...adminErrors, 404: errorResponse("Unknown media"), 409: errorResponse("Not failed") },
});
const captionsRoute = createRoute({
  method: "put",
  path: "/admin/media-library/{id}/captions",
  tags,
  summary: "Attach a WebVTT caption file to a video (the body is the file)",
  request: { params: IdParamSchema, body: { required: true, content: { "text/vtt": { schema: z.string() } } } },
  responses: {
    200: jsonResponse(z.object({ captionsUrl: z.string() }), "Stored"),
    ...adminErrors,
    404: errorResponse("Unknown media"),
    413: errorResponse("Larger than 512 KB"),
    415: errorResponse("Not a WebVTT file"),
  },
});
const removeCaptionsRoute = createRoute({
  method: "delete",
  path: "/admin/media-library/{id}/captions",
  tags,
  summary: "Remove a video's captions",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Removed" }, ...adminErrors, 404: errorResponse("Unknown media") },
});
const eventsRoute = createRoute({
  method: "get",
  path: "/admin/media-library/events",
  tags,
  summary: "Server-Sent Events: 'progress' {jobId, mediaId, submissionId, stage, progress, status} while media process",
  responses: { 200: { description: "text/event-stream" }, ...adminErrors },
});
const submissionsRoute = createRoute({
  method: "get",
  path: "/admin/submissions",
  tags,
  summary: "Shoppers' video submissions (the moderation queue is status=pending)",
  request: { query: SubmissionListQuerySchema },
  responses: { 200: jsonResponse(SubmissionListSchema, "Submissions"), ...adminErrors },
});
const approveRoute = createRoute({
  method: "post",
  path: "/admin/submissions/{id}/approve",
  tags,
  summary: "Approve a submission: it becomes a UGC video of its product, shown to shoppers",
  request: { params: IdParamSchema },
  responses: { 200: jsonResponse(z.object({ mediaId: z.string() }), "Approved"), ...adminErrors, 404: errorResponse("Unknown submission"), 409: errorResponse("Not waiting for review") },
});
const rejectRoute = createRoute({
  method: "post",
  path: "/admin/submissions/{id}/reject",
  tags,
  summary: "Reject a submission with a reason the shopper sees; its files are removed",
  request: { params: IdParamSchema, body: { required: true, content: { "application/json": { schema: RejectBodySchema } } } },
  responses: { 204: { description: "Rejected" }, ...adminErrors, 404: errorResponse("Unknown submission"), 409: errorResponse("Not waiting for review") },
});
const mySubmissionsRoute = createRoute({
  method: "get",
  path: "/me/submissions",
  security: SIGNED_IN,
  tags,
  summary: "The signed-in shopper's video submissions and their review status",
  responses: { 200: jsonResponse(SubmissionListSchema, "Own submissions"), 401: errorResponse("Not signed in") },
});
const limitsRoute = createRoute({
  method: "get",
  path: "/uploads/limits",
  tags,
  summary: "Upload limits the browser checks before sending (the server checks again)",
  responses: { 200: jsonResponse(UploadLimitsSchema, "Limits") },
});

/** One LISTEN per process on the progress channel, fanned out to the admin streams it serves. */
class ProgressHub {
  private listeners = new Set<(payload: string) => void>();
  private listening: Promise<unknown> | null = null;
  constructor(private readonly database: Database) {}
  async subscribe(listener: (payload: string) => void): Promise<() => void> {
    this.listeners.add(listener);
    this.listening ??= this.database.listen(
      MEDIA_PROGRESS_CHANNEL,
      (payload) => {
        for (const each of this.listeners) each(payload);
      },
      // A job that finished meanwhile shows when the library is next read; the next notice moves its bar.
      () => {},
    ).catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    await this.listening;
    return () => this.listeners.delete(listener);
  }
}

export const registerMediaLibraryRoutes: RegisterRoutes = (app, deps: AppDeps) => {
  const { db } = deps.database;
  const { storage } = deps;
  const hub = new ProgressHub(deps.database);

  app.openapi(limitsRoute, (c) => {
    const { maxVideoBytes, maxImageBytes, maxSubmissionBytes, maxSubmissionSeconds } = deps.config.uploads;
    return c.json({ maxVideoBytes, maxImageBytes, maxSubmissionBytes, maxSubmissionSeconds }, 200);
  });
  // Registered before /{id} routes so "events" is never read as an id.
  app.openapi(eventsRoute, (c) => {
    requireAdmin(c);
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => streamProgress(stream, hub, boundedEventSender(c, stream, c.var.log), c.var.log));
  });
  app.openapi(libraryRoute, async (c) => {
    requireAdmin(c);
    const query = c.req.valid("query");
    return c.json(await listLibrary(db, query), 200);
  });
  app.openapi(updateRoute, async (c) => {
    const actor = requireAdmin(c);
    await updateLibraryMedia(db, actor, c.req.valid("param").id, c.req.valid("json"));
    return c.body(null, 204);
  });
  app.openapi(retryRoute, async (c) => {
    requireAdmin(c);
    await retryMedia(db, c.req.valid("param").id);
    return c.body(null, 202);
  });
  app.openapi(captionsRoute, async (c) => {
    requireAdmin(c);
    const declared = Number(c.req.header("content-length") ?? 0);
    if (declared > WEBVTT_MAX_BYTES) throw tooLarge("Captions can be at most 512 KB");
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > WEBVTT_MAX_BYTES) throw tooLarge("Captions can be at most 512 KB");
    try {
      return c.json({ captionsUrl: await setCaptions({ db, storage, logger: c.var.log }, c.req.valid("param").id, body) }, 200);
    } catch (captionsError) {
      if (captionsError instanceof CaptionsError) throw unsupportedMedia(captionsError.message, "captions");
      throw captionsError;
    }
  });
  app.openapi(removeCaptionsRoute, async (c) => {
    requireAdmin(c);
    await removeCaptions({ db, storage, logger: c.var.log }, c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(submissionsRoute, async (c) => {
    requireAdmin(c);
    return c.json({ items: await listSubmissions(db, storage, c.req.valid("query").status) }, 200);
  });
  app.openapi(approveRoute, async (c) => {
    const actor = requireAdmin(c);
    const mediaId = await approveSubmission(db, storage, actor, c.req.valid("param").id);
    return c.json({ mediaId }, 200);
  });
  app.openapi(rejectRoute, async (c) => {
    const actor = requireAdmin(c);
    await rejectSubmission({ db, storage, logger: c.var.log }, actor, c.req.valid("param").id, c.req.valid("json").reason);
    return c.body(null, 204);
  });
  app.openapi(mySubmissionsRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json({ items: await listMySubmissions(db, storage, viewer.userId) }, 200);
  });
};

/** `send` drops a stream whose admin stopped reading (http/sse.ts). */
async function streamProgress(stream: SSEStreamingApi, hub: ProgressHub, send: (message: SSEMessage) => void, log: Logger) {
  let unsubscribe: () => void = () => {};
  stream.onAbort(() => unsubscribe());
  try {
    unsubscribe = await hub.subscribe((payload) => send({ event: "progress", data: payload }));
  } catch (error) {
    log.warn({ err: error }, "media progress stream cannot LISTEN");
    await stream.writeSSE({ event: "error", data: JSON.stringify({ message: "Progress unavailable" }) });
    return;
  }
  await stream.writeSSE({ event: "ready", data: "{}" });
  await pingUntilClosed(stream);
}
