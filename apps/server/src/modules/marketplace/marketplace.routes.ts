import { createRoute } from "@hono/zod-openapi";
import { ErrorBodySchema } from "@reelmart/core/api/errors";
import { MarketplacePreferenceSchema, SetMarketplacePreferenceSchema } from "@reelmart/core/api/marketplace";
import type { RegisterRoutes } from "../../context.ts";
import { notFound } from "../../shared/errors.ts";
import { requireViewer } from "../../http/viewer.ts";
import { getMarketplacePreference, setMarketplacePreference } from "./marketplace.service.ts";
import { SIGNED_IN } from "../../http/access.ts";

const errorContent = { "application/json": { schema: ErrorBodySchema } };
const preferenceContent = { "application/json": { schema: MarketplacePreferenceSchema } };

const getPreferenceRoute = createRoute({
  method: "get",
  path: "/me/marketplace",
  security: SIGNED_IN,
  tags: ["marketplaces"],
  summary: "The signed-in user's saved marketplace",
  responses: {
    200: { description: "The preference (marketplaceId null when none is saved)", content: preferenceContent },
    401: { description: "Not signed in", content: errorContent },
  },
});

const setPreferenceRoute = createRoute({
  method: "put",
  path: "/me/marketplace",
  security: SIGNED_IN,
  tags: ["marketplaces"],
  summary: "Save the signed-in user's marketplace (one row per user)",
  request: { body: { content: { "application/json": { schema: SetMarketplacePreferenceSchema } }, required: true } },
  responses: {
    200: { description: "The saved preference", content: preferenceContent },
    400: { description: "marketplaceId is missing or not a UUID", content: errorContent },
    401: { description: "Not signed in", content: errorContent },
    404: { description: "No active marketplace has this id", content: errorContent },
  },
});

export const registerMarketplaceRoutes: RegisterRoutes = (app, { database }) => {
  app.openapi(getPreferenceRoute, async (c) => {
    const viewer = requireViewer(c);
    c.header("Cache-Control", "no-store");
    return c.json(await getMarketplacePreference(database.db, viewer.userId), 200);
  });

  app.openapi(setPreferenceRoute, async (c) => {
    const viewer = requireViewer(c);
    const { marketplaceId } = c.req.valid("json");
    const saved = await setMarketplacePreference(database.db, viewer.userId, marketplaceId);
    if (!saved) throw notFound(`Marketplace with ID ${marketplaceId} not found`);
    return c.json(saved, 200);
  });
};
