import { createRoute } from "@hono/zod-openapi";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import { CreateReviewBodySchema, ProductIdParamSchema, ReviewCreatedSchema, ReviewListSchema } from "@reelmart/core/api/reviews";
import type { RegisterRoutes } from "../../context.ts";
import { getViewer, requireViewer } from "../../http/viewer.ts";
import { createReview, listReviews } from "./reviews.service.ts";

const json = <T>(schema: T, description: string) => ({ description, content: { "application/json": { schema } } });
const error = (description: string) => json(ErrorBodySchema, description);

const listRoute = createRoute({
  method: "get",
  path: "/products/{id}/reviews",
  tags: ["reviews"],
  summary: "A product's reviews, newest first, with its rating and review count",
  request: { params: ProductIdParamSchema },
  responses: { 200: json(ReviewListSchema, "The reviews"), 400: error("Invalid id"), 404: error("Unknown product") },
});

const createReviewRoute = createRoute({
  method: "post",
  path: "/products/{id}/reviews",
  tags: ["reviews"],
  summary: "Write the signed-in user's one review of a product (rating 1–5, text up to 2000 characters)",
  request: { params: ProductIdParamSchema, body: { required: true, content: { "application/json": { schema: CreateReviewBodySchema } } } },
  responses: {
    201: json(ReviewCreatedSchema, "The review and the product's new rating"),
    400: error("Invalid input (names the field)"),
    401: error("Not signed in"),
    404: error("Unknown product"),
    409: error("Already reviewed"),
  },
});

export const registerReviewRoutes: RegisterRoutes = (app, { database: { db } }) => {
  // Sign-in is checked before the body is validated, so anonymous callers always get 401.
  app.use("/products/:id/reviews", async (c, next) => {
    if (c.req.method === "POST") requireViewer(c);
    await next();
  });

  app.openapi(listRoute, async (c) => c.json(await listReviews(db, c.req.valid("param").id, getViewer(c)?.userId ?? null), 200));

  app.openapi(createReviewRoute, async (c) => {
    const viewer = requireViewer(c);
    return c.json(await createReview(db, c.req.valid("param").id, viewer, c.req.valid("json")), 201);
  });
};
