import { createRoute } from "@hono/zod-openapi";
import { InvitationInputSchema, InvitationSchema } from "@reelmart/core/api/admin";
import { MediaEditBodySchema, MediaEditedSchema } from "@reelmart/core/api/discovery";
import { MediaIdParamSchema } from "@reelmart/core/api/engagement";
import type { RegisterRoutes } from "../../context.ts";
import { conflict } from "../../shared/errors.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { recordAudit } from "./audit.ts";
import { inviteUser } from "./invitations.service.ts";
import { deleteMedia, editMedia } from "./media-edits.service.ts";
import { ADMIN_ONLY } from "../../http/access.ts";
import { registerAdminProductRoutes } from "./products.routes.ts";
import { registerAdminStoreRoutes } from "./store.routes.ts";
import { registerAdminUserRoutes } from "./users.routes.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";


const adminErrors = {
  400: errorResponse("Invalid input (names the field)"),
  401: errorResponse("Not signed in"),
  403: errorResponse("Not an admin"),
};

const InvitationInput = InvitationInputSchema.openapi("InvitationInput");
const Invitation = InvitationSchema.openapi("Invitation");

const inviteRoute = createRoute({
  method: "post",
  path: "/admin/invitations",
  security: ADMIN_ONLY,
  tags: ["admin"],
  summary: "Invite a person by email (admins only): creates the account and emails a set-password link",
  request: { body: { content: { "application/json": { schema: InvitationInput } }, required: true } },
  responses: {
    201: jsonResponse(Invitation, "Account created and invitation sent"),
    200: jsonResponse(Invitation, "Pending invitation sent again"),
    ...adminErrors,
    409: errorResponse("This person can already sign in"),
  },
});

const editMediaRoute = createRoute({
  method: "patch",
  path: "/admin/media/{id}",
  security: ADMIN_ONLY,
  tags: ["admin"],
  summary: "Rename a video or an image (null: it shows its product's title), or change its category",
  request: { params: MediaIdParamSchema, body: { required: true, content: { "application/json": { schema: MediaEditBodySchema } } } },
  responses: { 200: jsonResponse(MediaEditedSchema, "The edited media"), ...adminErrors, 404: errorResponse("Unknown media") },
});

const deleteMediaRoute = createRoute({
  method: "delete",
  path: "/admin/media/{id}",
  security: ADMIN_ONLY,
  tags: ["admin"],
  summary: "Remove a video (editable mode) and its files no other row names",
  request: { params: MediaIdParamSchema },
  responses: { 204: { description: "Removed" }, ...adminErrors, 404: errorResponse("Unknown media") },
});

// admin-guard.ts has already answered 401/403 for every /admin route; requireAdmin here names the actor.
export const registerAdminRoutes: RegisterRoutes = (app, deps) => {
  const { database, storage, auth } = deps;
  const { db } = database;
  registerAdminProductRoutes(app, deps);
  registerAdminStoreRoutes(app, deps);
  registerAdminUserRoutes(app, deps);

  app.openapi(inviteRoute, async (c) => {
    const actor = requireAdmin(c);
    const { email } = c.req.valid("json");
    const result = await inviteUser(auth, db, email);
    if (!result.ok) throw conflict(`${email.trim().toLowerCase()} already has an account`, "email");
    await recordAudit(db, { actor, action: result.created ? "invited" : "re-invited", entity: "user", entityId: result.userId, summary: { email: result.email } });
    const body = { userId: result.userId, email: result.email, status: result.created ? ("created" as const) : ("resent" as const) };
    return result.created ? c.json(body, 201) : c.json(body, 200);
  });

  app.openapi(editMediaRoute, async (c) => c.json(await editMedia(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json")), 200));

  app.openapi(deleteMediaRoute, async (c) => {
    await deleteMedia({ db, storage, logger: c.var.log }, requireAdmin(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
};
