import { createRoute } from "@hono/zod-openapi";
import {
  AdminRoleInputSchema,
  AdminUserListQuerySchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AuditPageSchema,
  AuditQuerySchema,
  BanInputSchema,
  DashboardSchema,
  SignedOutSchema,
  UserIdParamSchema,
} from "@reelmart/core/api/admin";
import type { RegisterRoutes } from "../../context.ts";
import { requireAdmin } from "../../http/viewer.ts";
import { adminErrors, jsonBody } from "./admin-http.ts";
import { errorResponse, jsonResponse } from "../../http/routes.ts";
import { dashboard, listAudit } from "./dashboard.service.ts";
import { listAdminUsers, setUserAdmin, setUserBanned, signOutEverywhere } from "./users.service.ts";

const tags = ["admin"];
const userNotFound = { 404: errorResponse("Unknown user") };

const dashboardRoute = createRoute({
  method: "get",
  path: "/admin/dashboard",
  tags,
  summary: "Counts (products by status, brands, users, media jobs, orders) and the latest audit entries",
  responses: { 200: jsonResponse(DashboardSchema, "The dashboard"), ...adminErrors },
});
const auditRoute = createRoute({
  method: "get",
  path: "/admin/audit",
  tags,
  summary: "Every admin write, newest first",
  request: { query: AuditQuerySchema },
  responses: { 200: jsonResponse(AuditPageSchema, "A page of the audit log"), ...adminErrors },
});
const usersRoute = createRoute({
  method: "get",
  path: "/admin/users",
  tags,
  summary: "Users newest first, searched by name or email",
  request: { query: AdminUserListQuerySchema },
  responses: { 200: jsonResponse(AdminUserPageSchema, "A page of users"), ...adminErrors },
});
const roleRoute = createRoute({
  method: "put",
  path: "/admin/users/{id}/admin",
  tags,
  summary: "Grant or revoke the admin role (the last admin cannot be revoked)",
  request: { params: UserIdParamSchema, ...jsonBody(AdminRoleInputSchema) },
  responses: { 200: jsonResponse(AdminUserSchema, "The user"), ...adminErrors, ...userNotFound, 409: errorResponse("The store would have no admin") },
});
const banRoute = createRoute({
  method: "put",
  path: "/admin/users/{id}/ban",
  tags,
  summary: "Ban (ends every session, refuses new ones) or unban a user",
  request: { params: UserIdParamSchema, ...jsonBody(BanInputSchema) },
  responses: { 200: jsonResponse(AdminUserSchema, "The user"), ...adminErrors, ...userNotFound, 409: errorResponse("An admin cannot ban themselves") },
});
const signOutRoute = createRoute({
  method: "post",
  path: "/admin/users/{id}/sign-out",
  tags,
  summary: "End every session of a user",
  request: { params: UserIdParamSchema },
  responses: { 200: jsonResponse(SignedOutSchema, "How many sessions ended"), ...adminErrors, ...userNotFound },
});

export const registerAdminUserRoutes: RegisterRoutes = (app, { database: { db } }) => {
  app.openapi(dashboardRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await dashboard(db), 200);
  });
  app.openapi(auditRoute, async (c) => c.json(await listAudit(db, c.req.valid("query")), 200));
  app.openapi(usersRoute, async (c) => c.json(await listAdminUsers(db, c.req.valid("query")), 200));
  app.openapi(roleRoute, async (c) => c.json(await setUserAdmin(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json").isAdmin), 200));
  app.openapi(banRoute, async (c) => c.json(await setUserBanned(db, requireAdmin(c), c.req.valid("param").id, c.req.valid("json").banned), 200));
  app.openapi(signOutRoute, async (c) => c.json(await signOutEverywhere(db, requireAdmin(c), c.req.valid("param").id), 200));
};
