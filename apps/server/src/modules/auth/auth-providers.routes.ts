import { createRoute } from "@hono/zod-openapi";
import { AuthProvidersSchema } from "@reelmart/core/api/auth";
import type { RegisterRoutes } from "../../context.ts";

const ProvidersSchema = AuthProvidersSchema.openapi("AuthProviders");

const providersRoute = createRoute({
  method: "get",
  path: "/auth-providers",
  tags: ["auth"],
  summary: "Optional sign-in methods this server has configured",
  responses: { 200: { description: "Configured providers", content: { "application/json": { schema: ProvidersSchema } } } },
});

/** The sign-in page hides the Google button and One Tap unless GOOGLE_CLIENT_ID/SECRET are set. */
export const registerAuthProviderRoutes: RegisterRoutes = (app, { config }) => {
  app.openapi(providersRoute, (c) => {
    // The client id is public by design (Google shows it to every visitor); the secret never leaves the server.
    return c.json({ google: config.google ? { clientId: config.google.clientId } : null }, 200);
  });
};
