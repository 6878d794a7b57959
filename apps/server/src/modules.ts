import type { RegisterRoutes } from "./context.ts";
import { registerAdminGuard } from "./modules/admin/admin-guard.ts";
import { registerAdminRoutes } from "./modules/admin/admin.routes.ts";
import { registerAnalyticsRoutes } from "./modules/analytics/analytics.routes.ts";
import { registerAuthProviderRoutes } from "./modules/auth/auth-providers.routes.ts";
import { registerCartRoutes } from "./modules/cart/cart.routes.ts";
import { registerCatalogRoutes } from "./modules/catalog/catalog.routes.ts";
import { registerDiscoveryRoutes } from "./modules/discovery/discovery.routes.ts";
import { registerEmbedRoutes } from "./modules/embed/embed.routes.ts";
import { registerEngagementRoutes } from "./modules/engagement/engagement.routes.ts";
import { registerFeedRoutes } from "./modules/feed/feed.routes.ts";
import { registerHealthRoutes } from "./modules/health/health.routes.ts";
import { registerMediaLibraryRoutes } from "./modules/media/library.routes.ts";
import { registerMarketplaceRoutes } from "./modules/marketplace/marketplace.routes.ts";
import { registerOrderRoutes } from "./modules/orders/orders.routes.ts";
import { registerRealtimeRoutes } from "./modules/realtime/realtime.routes.ts";
import { registerProfileRoutes } from "./modules/profile/profile.routes.ts";
import { registerReviewRoutes } from "./modules/reviews/reviews.routes.ts";
import { registerSharePagesRoutes } from "./modules/share-pages/share-pages.routes.ts";
import { registerSearchRoutes } from "./modules/search/search.routes.ts";
import { registerUploadRoutes } from "./modules/uploads/uploads.routes.ts";

/** Every /api module, in the order their routes are registered. */
export const apiModules: RegisterRoutes[] = [registerAdminGuard, registerHealthRoutes, registerCatalogRoutes, registerSearchRoutes, registerCartRoutes, registerReviewRoutes, registerDiscoveryRoutes, registerProfileRoutes, registerAuthProviderRoutes, registerAdminRoutes, registerMarketplaceRoutes, registerFeedRoutes, registerEngagementRoutes, registerRealtimeRoutes, registerMediaLibraryRoutes, registerUploadRoutes, registerOrderRoutes, registerAnalyticsRoutes, registerSharePagesRoutes, registerEmbedRoutes];
