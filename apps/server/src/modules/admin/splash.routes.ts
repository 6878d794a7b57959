import { Hono } from "hono";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { splashConfig } from "./settings.service.ts";

/**
 * /splash/config.json (000 §7) from the store's settings, so an owner's change shows on the next
 * start of every shopper's app without a rebuild or restart. Other /splash files (the default
 * logo) stay static files of the web app.
 */
export function splashRoutes(db: Kysely<DB>): Hono {
  const app = new Hono();
  app.get("/config.json", async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await splashConfig(db));
  });
  return app;
}
