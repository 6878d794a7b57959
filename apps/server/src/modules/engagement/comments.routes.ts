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
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponses, jsonContent, jsonResponse } from "../../http/routes.ts";

const listRoute = createRoute({
  method: "get",
  path: "/media/{id}/comments",
  tags: ["engagement"],
  summary: "Comments of a media, newest first, without deleted ones (cursor paged)",
  request: { params: MediaIdParamSchema, query: CommentListQuerySchema },
  responses: { 200: jsonResponse(CommentListSchema, "A page of comments"), 400: errorResponses[400], 404: errorResponses[404] },
});

const postRoute = createRoute({
  method: "post",
  path: "/media/{id}/comments",
  tags: ["engagement"],
  summary: "Post a comment (trimmed, 1 to 1000 characters)",
  security: SIGNED_IN,
  request: { params: MediaIdParamSchema, body: { required: true, ...jsonContent(CommentInputSchema) } },
  responses: { 201: jsonResponse(CommentSchema, "The new comment"), ...errorResponses },
});

const editRoute = createRoute({
  method: "patch",
  path: "/comments/{id}",
  tags: ["engagement"],
  summary: "Edit one of your own comments",
  security: SIGNED_IN,
  request: { params: CommentIdParamSchema, body: { required: true, ...jsonContent(CommentInputSchema) } },
  responses: { 200: jsonResponse(CommentSchema, "The edited comment"), ...errorResponses },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/comments/{id}",
  tags: ["engagement"],
  summary: "Soft-delete your own comment (admins: any comment)",
  security: SIGNED_IN,
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
