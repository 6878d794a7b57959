import { createRoute, z } from "@hono/zod-openapi";
import type { RegisterRoutes } from "../../context.ts";
import { conflict } from "../../http/errors.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { authFor } from "../auth/auth.ts";
import { inviteUser } from "./invitations.service.ts";

const InvitationInputSchema = z.object({ email: z.email().max(320) }).openapi("InvitationInput");
const InvitationSchema = z
  .object({ userId: z.string(), email: z.string(), status: z.enum(["created", "resent"]) })
  .openapi("Invitation");

const inviteRoute = createRoute({
  method: "post",
  path: "/admin/invitations",
  tags: ["admin"],
  summary: "Invite a person by email (admins only): creates the account and emails a set-password link",
  request: { body: { content: { "application/json": { schema: InvitationInputSchema } }, required: true } },
  responses: {
    201: { description: "Account created and invitation sent", content: { "application/json": { schema: InvitationSchema } } },
    200: { description: "Pending invitation sent again", content: { "application/json": { schema: InvitationSchema } } },
    400: { description: "Invalid email" },
    401: { description: "Not signed in" },
    403: { description: "Not an admin" },
    409: { description: "This person can already sign in" },
  },
});

export const registerAdminRoutes: RegisterRoutes = (app, { database }) => {
  app.openapi(inviteRoute, async (c) => {
    requireAdmin(c);
    const { email } = c.req.valid("json");
    const result = await inviteUser(authFor(database.db), database.db, email);
    if (!result.ok) throw conflict(`${email.trim().toLowerCase()} already has an account`, "email");
    const body = { userId: result.userId, email: result.email, status: result.created ? ("created" as const) : ("resent" as const) };
    return result.created ? c.json(body, 201) : c.json(body, 200);
  });
};
