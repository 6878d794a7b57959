import { createRoute } from "@hono/zod-openapi";
import {
  CommentIdParamSchema,
  CommentInputSchema,
  CommentListQuerySchema,
  CommentListSchema,
  CommentSchema,
  MediaIdParamSchema,
} from "@reelmart/core/api/engagement";
import type { RegisterRoutes } from "../../context.ts";
import { requireViewer } from "../../http/viewer.ts";
import { createComment, deleteComment, editComment, listComments } from "./comments.service.ts";
import { errorResponses, json, signedIn } from "./http.ts";

const listRoute = createRoute({
  method: "get",
  path: "/media/{id}/comments",
  tags: ["engagement"],
  summary: "Comments of a media, newest first, without deleted ones (cursor paged)",
  request: { params: MediaIdParamSchema, query: CommentListQuerySchema },
  responses: { 200: { description: "A page of comments", ...json(CommentListSchema) }, 400: errorResponses[400], 404: errorResponses[404] },
});

const postRoute = createRoute({
  method: "post",
  path: "/media/{id}/comments",
  tags: ["engagement"],
  summary: "Post a comment (trimmed, 1 to 1000 characters)",
  middleware: [signedIn] as const,
  request: { params: MediaIdParamSchema, body: { required: true, ...json(CommentInputSchema) } },
  responses: { 201: { description: "The new comment", ...json(CommentSchema) }, ...errorResponses },
});

const editRoute = createRoute({
  method: "patch",
  path: "/comments/{id}",
  tags: ["engagement"],
  summary: "Edit one of your own comments",
  middleware: [signedIn] as const,
  request: { params: CommentIdParamSchema, body: { required: true, ...json(CommentInputSchema) } },
  responses: { 200: { description: "The edited comment", ...json(CommentSchema) }, ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/comments/{id}",
  tags: ["engagement"],
  summary: "Soft-delete your own comment (admins: any comment)",
  middleware: [signedIn] as const,
  request: { params: CommentIdParamSchema },
  responses: { 204: { description: "Deleted" }, ...errorResponses },
});

export const registerCommentRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(listRoute, async (c) => {
    const { cursor, limit } = c.req.valid("query");
    return c.json(await listComments(db, c.req.valid("param").id, cursor, limit), 200);
  });
  app.openapi(postRoute, async (c) =>
    c.json(await createComment(db, c.req.valid("param").id, requireViewer(c).userId, c.req.valid("json").comment), 201),
  );
  app.openapi(editRoute, async (c) =>
    c.json(await editComment(db, c.req.valid("param").id, requireViewer(c), c.req.valid("json").comment), 200),
  );
  app.openapi(deleteRoute, async (c) => {
    await deleteComment(db, c.req.valid("param").id, requireViewer(c));
    return c.body(null, 204);
  });
};
