import type { RegisterRoutes } from "../../context.ts";
import { registerCommentRoutes } from "./comments.routes.ts";
import { registerLikeRoutes } from "./likes.routes.ts";
import { registerSavedRoutes } from "./saved.routes.ts";
import { registerShareRoutes } from "./shares.routes.ts";

/** Likes, comments, shares and saved items (issue #6); their changes reach browsers through modules/realtime. */
export const registerEngagementRoutes: RegisterRoutes = (app, deps) => {
  for (const register of [registerLikeRoutes, registerCommentRoutes, registerShareRoutes, registerSavedRoutes]) {
    register(app, deps);
  }
};
