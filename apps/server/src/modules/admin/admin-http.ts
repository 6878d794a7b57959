import { ADMIN_IMAGE_MAX_BYTES } from "@reelmart/core/api/admin";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { badRequest, unsupportedMedia } from "../../shared/errors.ts";
import { errorBody } from "../../http/errors.ts";
import type { AppEnv } from "../../http/viewer.ts";
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from "./admin-images.ts";
import { errorResponse } from "../../http/routes.ts";


/** The answers every admin route may give besides its own (admin-guard.ts answers 401/403 first). */
export const adminErrors = {
  400: errorResponse("Invalid input (names the field)"),
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an admin"),
};

export const jsonBody = <T>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

/** An image upload's answers, documented once. */
export const imageUploadErrors = {
  ...adminErrors,
  404: errorResponse("Unknown id"),
  413: errorResponse(IMAGE_TOO_LARGE_MESSAGE),
  415: errorResponse(NOT_AN_IMAGE_MESSAGE),
  422: errorResponse("The image could not be decoded"),
};

// Room for the multipart envelope around a file of exactly the limit.
const MULTIPART_OVERHEAD = 64 * 1024;

/** Refuses an upload body over the image limit before reading it. */
export const imageBodyLimit = bodyLimit({
  maxSize: ADMIN_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD,
  onError: (c) => c.json(errorBody(ERROR_CODES.tooLarge, IMAGE_TOO_LARGE_MESSAGE, "file"), 413),
});

/** The bytes of the multipart field 'file'; its type is checked from the bytes later, never from its name. */
export async function uploadedFile(c: Context<AppEnv>): Promise<Uint8Array> {
  const contentType = c.req.header("content-type") ?? "";
  if (!contentType.startsWith("multipart/form-data")) throw unsupportedMedia("Send the image as multipart/form-data", "file");
  // swallowed: a body that is not readable multipart is the client's fault, answered with the 400 below.
  const form = await c.req.formData().catch(() => null);
  const file = form?.get("file");
  if (!file || typeof file === "string") throw badRequest("Choose an image to upload", "file");
  return new Uint8Array(await file.arrayBuffer());
}
