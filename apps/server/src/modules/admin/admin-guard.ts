import type { RegisterRoutes } from "../../context.ts";
import { requireAdmin } from "../../http/viewer.ts";

/**
 * Every /api/admin route answers 401 to anonymous callers and 403 to non-admins before its input is
 * validated, so a non-admin learns nothing about the input or the ids. Registered before every other
 * module (modules.ts), it covers admin routes whichever module defines them.
 */
export const registerAdminGuard: RegisterRoutes = (app) => {
  app.use("/admin/*", async (c, next) => {
    requireAdmin(c);
    await next();
  });
};
