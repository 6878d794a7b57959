import { createRoute } from "@hono/zod-openapi";
import { HealthSchema } from "@reelmart/core/api/health";
import { sql } from "kysely";
import type { RegisterRoutes } from "../../context.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  tags: ["system"],
  summary: "Liveness and database check",
  responses: { 200: { description: "The server and its database answer", content: { "application/json": { schema: HealthSchema } } } },
});

export const registerHealthRoutes: RegisterRoutes = (app, { database }) => {
  app.openapi(healthRoute, async (c) => {
    await sql`select 1`.execute(database.db);
    return c.json({ status: "ok" as const, db: database.kind }, 200);
  });
};
