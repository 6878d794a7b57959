import type { RegisterRoutes } from "./context.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";

/** Every /api module, in the order their routes are registered. */
export const apiModules: RegisterRoutes[] = [registerHealthRoutes];
