import { createRoute, z } from "@hono/zod-openapi";
import type { RegisterRoutes } from "../../context.ts";
import { unauthenticated } from "../../http/errors.ts";
import { requireViewer } from "../../http/viewer.ts";
import { getMe, updateNames } from "./profile.service.ts";

const MeSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    isAdmin: z.boolean(),
  })
  .openapi("Me");

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

export const registerProfileRoutes: RegisterRoutes = (app, { database }) => {
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
};
