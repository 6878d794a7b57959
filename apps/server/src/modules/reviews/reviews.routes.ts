import { createRoute } from "@hono/zod-openapi";
import { CreateReviewBodySchema, ProductIdParamSchema, ReviewCreatedSchema, ReviewListSchema } from "@reelmart/core/api/reviews";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer, requireViewer } from "../../http/viewer.ts";
import { createReview, listReviews } from "./reviews.service.ts";
import { SIGNED_IN } from "../../http/access.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";


const listRoute = createRoute({
  method: "get",
  path: "/products/{id}/reviews",
  tags: ["reviews"],
  summary: "A product's reviews, newest first, with its rating and review count",
  request: { params: ProductIdParamSchema },
  responses: { 200: jsonResponse(ReviewListSchema, "The reviews"), 400: errorResponse("Invalid id"), 404: errorResponse("Unknown product") },
});

const createReviewRoute = createRoute({
  method: "post",
  path: "/products/{id}/reviews",
  security: SIGNED_IN,
  tags: ["reviews"],
  summary: "Write the signed-in user's one review of a product (rating 1–5, text up to 2000 characters)",
  request: { params: ProductIdParamSchema, body: { required: true, content: { "application/json": { schema: CreateReviewBodySchema } } } },
  responses: {
    201: jsonResponse(ReviewCreatedSchema, "The review and the product's new rating"),
    400: errorResponse("Invalid input (names the field)"),
    401: errorResponse("Not signed in"),
    404: errorResponse("Unknown product"),
    409: errorResponse("Already reviewed"),
  },
});

export const registerReviewRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(listRoute, async (c) => c.json(await listReviews(db, c.req.valid("param").id, getViewer(c)?.userId ?? null), 200));

  app.openapi(createReviewRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await createReview(db, c.req.valid("param").id, viewer, c.req.valid("json")), 201);
  });
};
