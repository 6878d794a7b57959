import type { RegisterRoutes } from "../../context.ts";
import { registerCommentRoutes } from "./comments.routes.ts";
import { registerLikeRoutes } from "./likes.routes.ts";
import { registerRealtimeRoutes } from "./realtime.routes.ts";
import { registerSavedRoutes } from "./saved.routes.ts";
import { registerShareRoutes } from "./shares.routes.ts";

/** Likes, comments, shares, saved items and the realtime stream (issue #6). */
export const registerEngagementRoutes: RegisterRoutes = (app, deps) => {
  for (const register of [registerLikeRoutes, registerCommentRoutes, registerShareRoutes, registerSavedRoutes, registerRealtimeRoutes]) {
    register(app, deps);
  }
};
