import { z } from "@hono/zod-openapi";
import { UPLOAD_PURPOSES, UploadFinishedSchema } from "@reelmart/core/api/media";
import type { ApiApp } from "../../context.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";

const tags = ["uploads"];
const TUS_RESUMABLE = { name: "Tus-Resumable", in: "header" as const, required: true, schema: { type: "string" as const, enum: ["1.0.0"] }, description: "The tus protocol version." };
const UPLOAD_ID = { name: "id", in: "path" as const, required: true, schema: { type: "string" as const }, description: "The upload's id (the last segment of the Location the creation answered)." };
const offsetHeader = (description: string) => ({ "Upload-Offset": { description, schema: { type: "integer" as const } } });

/**
 * Upload-Metadata: comma-separated `key base64(value)` pairs (tus). The server keeps only these keys
 * and sets the owner itself.
 */
const METADATA_DESCRIPTION = [
  "Comma-separated `key base64value` pairs:",
  `- \`purpose\` (required): ${UPLOAD_PURPOSES.map((purpose) => `\`${purpose}\``).join(", ")};`,
  "- `productId`: the product, for product-video, product-image (admins) and submission (a shopper who carted or bought it);",
  "- `brandId`: the brand, for brand-logo and brand-cover (admins); `marketplaceId`: the marketplace, for marketplace-flag (admins);",
  "- `title` (at most 120 characters; without one the media item goes by its product's title, never by `filename`), `category` (`product` or `ugc`, videos), `isMain` (`true`), `filename`, `filetype` (informative: the type is decided by the bytes).",
].join("\n");

const refusals = {
  401: errorResponse("Not signed in"),
  404: errorResponse("No such upload, or another user's"),
};

/**
 * The tus endpoints in /api/openapi.json (paths under the /api base, as createRoute ones). They are answered by @tus/server (uploads.routes.ts),
 * not by createRoute handlers, so only their description is registered here.
 */
export function describeUploads(app: ApiApp): void {
  const registry = app.openAPIRegistry;
  registry.registerPath({
    method: "post",
    path: "/uploads",
    tags,
    summary: "Create a resumable upload (tus creation; bytes may follow in the same request, creation-with-upload)",
    description: `Sizes over the purpose's limit are refused from Upload-Length, before any byte is stored (413). ${METADATA_DESCRIPTION}`,
    security: SIGNED_IN,
    request: {
      headers: z.object({
        "Tus-Resumable": z.literal("1.0.0"),
        "Upload-Length": z.string().openapi({ description: "The file's size in bytes." }),
        "Upload-Metadata": z.string().openapi({ description: METADATA_DESCRIPTION }),
      }),
    },
    responses: {
      201: { description: "Created; PATCH the bytes to the Location", headers: { Location: { description: "The upload's URL", schema: { type: "string" } }, ...offsetHeader("Bytes stored so far (0, or what came with the creation)") } },
      400: errorResponse("Bad metadata (purpose, productId, brandId or marketplaceId) or tus headers"),
      401: errorResponse("Not signed in"),
      403: errorResponse("Product media, brand and marketplace images are for admins; a submission needs the product in the shopper's cart or orders"),
      404: errorResponse("No such product, brand or marketplace"),
      412: errorResponse("Tus-Resumable missing or not 1.0.0"),
      413: errorResponse("Larger than the purpose's limit (UPLOAD_MAX_VIDEO_MB, UPLOAD_MAX_IMAGE_MB, SUBMISSION_MAX_MB; 5 MB for brand and marketplace images)"),
    },
  });
  registry.registerPath({
    method: "head",
    path: "/uploads/{id}",
    tags,
    summary: "Where an upload stands: the offset to resume from (tus)",
    security: SIGNED_IN,
    request: { params: z.object({ id: z.string() }) },
    parameters: [TUS_RESUMABLE, UPLOAD_ID],
    responses: {
      200: { description: "The upload exists", headers: { ...offsetHeader("Bytes stored; send the rest from here"), "Upload-Length": { description: "The file's size", schema: { type: "integer" } } } },
      ...refusals,
      410: { description: "Expired (UPLOAD_EXPIRY_HOURS) and removed" },
    },
  });
  registry.registerPath({
    method: "patch",
    path: "/uploads/{id}",
    tags,
    summary: "Append bytes at Upload-Offset (tus); the last PATCH answers what the file became",
    description:
      "The first bytes decide the type (magic bytes): a video purpose needs MP4, MOV or WebM, an image purpose JPEG, PNG, WebP or GIF (415 otherwise, and the upload is removed). When the last byte arrives a video is probed and decoded to its end (422 if it does not play); product media and submissions are queued for processing, brand and marketplace images are stored as WebP at once.",
    security: SIGNED_IN,
    parameters: [TUS_RESUMABLE, UPLOAD_ID, { name: "Upload-Offset", in: "header", required: true, schema: { type: "integer" }, description: "Where these bytes start: the offset HEAD reported." }],
    request: { params: z.object({ id: z.string() }), body: { content: { "application/offset+octet-stream": { schema: z.string().openapi({ format: "binary" }) } }, required: true } },
    responses: {
      200: jsonResponse(UploadFinishedSchema, "The last byte arrived: the media or submission id (processing), or the stored image's URL (ready)"),
      204: { description: "Bytes stored; more to come", headers: offsetHeader("The new offset") },
      ...refusals,
      409: errorResponse("Upload-Offset is not the stored offset (another request got there first): HEAD, then resume"),
      410: errorResponse("Expired and removed"),
      413: errorResponse("More bytes than Upload-Length or the purpose allows"),
      415: errorResponse("Not the kind of file the purpose asks for (decided by the bytes)"),
      422: errorResponse("A video that does not decode, a submission longer than SUBMISSION_MAX_SECONDS, or an image that cannot be read"),
    },
  });
  registry.registerPath({
    method: "delete",
    path: "/uploads/{id}",
    tags,
    summary: "Abandon an upload: its stored bytes are removed (tus termination)",
    security: SIGNED_IN,
    parameters: [TUS_RESUMABLE, UPLOAD_ID],
    request: { params: z.object({ id: z.string() }) },
    responses: { 204: { description: "Removed" }, ...refusals },
  });
}
