import { createRoute, z } from "@hono/zod-openapi";
import { AVATAR_MAX_BYTES } from "@reelmart/core/constants";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { MeSchema } from "@reelmart/core/api/profile";
import { bodyLimit } from "hono/body-limit";
import type { RegisterRoutes } from "../../context.ts";
import { ApiError, badRequest, errorBody, unauthenticated } from "../../http/errors.ts";
import { getViewer, requireViewer } from "../../http/viewer.ts";
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE, replaceAvatar } from "./avatar.service.ts";
import { getMe, updateNames } from "./profile.service.ts";

const NamesSchema = z.object({
  firstName: z.string().max(100).nullable().optional(),
  lastName: z.string().max(100).nullable().optional(),
});

const meRoute = createRoute({
  method: "get",
  path: "/me",
  tags: ["profile"],
  summary: "The signed-in user with their profile",
  responses: {
    200: { description: "The user", content: { "application/json": { schema: MeSchema } } },
    401: { description: "Not signed in" },
  },
});

const updateProfileRoute = createRoute({
  method: "patch",
  path: "/me/profile",
  tags: ["profile"],
  summary: "Change first and last name (trimmed)",
  request: { body: { content: { "application/json": { schema: NamesSchema } }, required: true } },
  responses: {
    200: { description: "The updated user", content: { "application/json": { schema: MeSchema } } },
    400: { description: "Invalid names" },
    401: { description: "Not signed in" },
  },
});

const avatarRoute = createRoute({
  method: "post",
  path: "/me/avatar",
  tags: ["profile"],
  summary: "Upload a new avatar (multipart field 'file'; PNG, JPEG, GIF or WebP up to 5 MB)",
  description: "The type is checked from the file's bytes; the image is stored as a 256 px WebP and the previous avatar is removed.",
  responses: {
    200: { description: "The updated user", content: { "application/json": { schema: MeSchema } } },
    400: { description: "No file in the form" },
    401: { description: "Not signed in" },
    413: { description: TOO_LARGE_MESSAGE },
    415: { description: NOT_AN_IMAGE_MESSAGE },
    422: { description: "The image could not be decoded" },
  },
});

// Room for the multipart envelope around a file of exactly 5 MB.
const MULTIPART_OVERHEAD = 64 * 1024;

export const registerProfileRoutes: RegisterRoutes = (app, { database, storage, logger }) => {
  app.openapi(meRoute, async (c) => {
    const viewer = requireViewer(c);
    c.header("Cache-Control", "no-store");
    const me = await getMe(database.db, viewer.userId);
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });

  app.openapi(updateProfileRoute, async (c) => {
    const viewer = requireViewer(c);
    const me = await updateNames(database.db, viewer.userId, c.req.valid("json"));
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });

  app.use(
    "/me/avatar",
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => c.json(errorBody(ERROR_CODES.tooLarge, TOO_LARGE_MESSAGE, "file"), 413),
    }),
  );
  app.openapi(avatarRoute, async (c) => {
    const viewer = getViewer(c);
    if (!viewer) throw unauthenticated("User is not authenticated");
    const contentType = c.req.header("content-type") ?? "";
    if (!contentType.startsWith("multipart/form-data")) throw new ApiError(415, ERROR_CODES.unsupportedMedia, "Send the image as multipart/form-data", "file");
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") throw badRequest("Choose an image to upload", "file");
    await replaceAvatar({ db: database.db, storage, logger }, viewer.userId, new Uint8Array(await file.arrayBuffer()));
    const me = await getMe(database.db, viewer.userId);
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });
};
