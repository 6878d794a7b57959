import { createRoute } from "@hono/zod-openapi";
import { AVATAR_MAX_BYTES } from "@reelmart/core/constants";
import { ERROR_CODES } from "@reelmart/core/api/errors";
import { MeSchema, ProfileNamesSchema, SessionSchema } from "@reelmart/core/api/profile";
import { bodyLimit } from "hono/body-limit";
import type { RegisterRoutes } from "../../context.ts";
import { badRequest, unauthenticated, unsupportedMedia } from "../../shared/errors.ts";
import { errorBody } from "../../http/errors.ts";
import { getViewer, requireViewer } from "../../http/viewer.ts";
import { NOT_AN_IMAGE_MESSAGE, TOO_LARGE_MESSAGE, replaceAvatar } from "./avatar.service.ts";
import { getMe, updateNames } from "./profile.service.ts";
import { SIGNED_IN, UNAUTHENTICATED_MESSAGE_KEY } from "../../http/access.ts";

const meRoute = createRoute({
  method: "get",
  path: "/me",
  security: SIGNED_IN,
  tags: ["profile"],
  summary: "The signed-in user with their profile",
  responses: {
    200: { description: "The user", content: { "application/json": { schema: MeSchema } } },
    401: { description: "Not signed in" },
  },
});

const sessionRoute = createRoute({
  method: "get",
  path: "/session",
  tags: ["profile"],
  summary: "The signed-in user, or null for an anonymous visitor (never 401)",
  responses: {
    200: { description: "The session's user or null", content: { "application/json": { schema: SessionSchema } } },
  },
});

const updateProfileRoute = createRoute({
  method: "patch",
  path: "/me/profile",
  security: SIGNED_IN,
  tags: ["profile"],
  summary: "Change first and last name (trimmed)",
  request: { body: { content: { "application/json": { schema: ProfileNamesSchema } }, required: true } },
  responses: {
    200: { description: "The updated user", content: { "application/json": { schema: MeSchema } } },
    400: { description: "Invalid names" },
    401: { description: "Not signed in" },
  },
});

// Room for the multipart envelope around a file of exactly 5 MB.
const MULTIPART_OVERHEAD = 64 * 1024;

const avatarRoute = createRoute({
  method: "post",
  path: "/me/avatar",
  security: SIGNED_IN,
  [UNAUTHENTICATED_MESSAGE_KEY]: "User is not authenticated",
  // The size limit runs after the sign-in check, so an anonymous upload is a 401 whatever its size.
  middleware: [
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD,
      onError: (c) => c.json(errorBody(ERROR_CODES.tooLarge, TOO_LARGE_MESSAGE, "file"), 413),
    }),
  ] as const,
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

export const registerProfileRoutes: RegisterRoutes = (app, { database, storage }) => {
  app.openapi(meRoute, async (c) => {
    const viewer = requireViewer(c);
    c.header("Cache-Control", "no-store");
    const me = await getMe(database.db, viewer.userId);
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });

  app.openapi(sessionRoute, async (c) => {
    const viewer = getViewer(c);
    c.header("Cache-Control", "no-store");
    // A session whose user row is gone (deleted meanwhile) reads as signed out.
    const user = viewer ? await getMe(database.db, viewer.userId) : null;
    return c.json({ user: user ?? null }, 200);
  });

  app.openapi(updateProfileRoute, async (c) => {
    const viewer = requireViewer(c);
    const me = await updateNames(database.db, viewer.userId, c.req.valid("json"));
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });

  app.openapi(avatarRoute, async (c) => {
    const viewer = requireViewer(c);
    const contentType = c.req.header("content-type") ?? "";
    if (!contentType.startsWith("multipart/form-data")) throw unsupportedMedia("Send the image as multipart/form-data", "file");
    // swallowed: a body that is not readable multipart is the client's fault, answered with the 400 below.
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!file || typeof file === "string") throw badRequest("Choose an image to upload", "file");
    await replaceAvatar({ db: database.db, storage, logger: c.var.log }, viewer.userId, new Uint8Array(await file.arrayBuffer()));
    const me = await getMe(database.db, viewer.userId);
    if (!me) throw unauthenticated();
    return c.json(me, 200);
  });
};
