import { BarChart3, Clapperboard, ShoppingBag, LayoutDashboard, type LucideIcon, Package, Settings, Store, Tags, Users } from "lucide-react";
import type { ComponentType } from "react";
import { type LazyScreen, lazyScreen } from "../../shared/navigation/lazy-screen.tsx";

export interface AdminSection {
  /** The path under /admin ("" is the dashboard); the screen also gets every path below it (its own <Routes>). */
  path: string;
  label: string;
  icon: LucideIcon;
  screen: LazyScreen;
}

/** Each section is its own lazy chunk inside the admin chunk, loaded when first opened. */
const screen = (load: () => Promise<ComponentType>) => lazyScreen(async () => ({ Component: await load() }));

/**
 * The admin area's sections, in navigation order: the one place a section is added (one line each).
 * A section's screens live in features/admin/<section>/; the layout draws the navigation from this list.
 */
export const ADMIN_SECTIONS: AdminSection[] = [
  { path: "", label: "Dashboard", icon: LayoutDashboard, screen: screen(async () => (await import("./dashboard/dashboard-page.tsx")).DashboardPage) },
  { path: "orders", label: "Orders", icon: ShoppingBag, screen: screen(async () => (await import("./orders/orders-section.tsx")).OrdersSection) },
  { path: "products", label: "Products", icon: Package, screen: screen(async () => (await import("./products/products-section.tsx")).ProductsSection) },
  { path: "media", label: "Media", icon: Clapperboard, screen: screen(async () => (await import("./media/media-page.tsx")).MediaPage) },
  { path: "brands", label: "Brands", icon: Store, screen: screen(async () => (await import("./brands/brands-page.tsx")).BrandsPage) },
  { path: "categories", label: "Categories", icon: Tags, screen: screen(async () => (await import("./categories/categories-page.tsx")).CategoriesPage) },
  { path: "users", label: "Users", icon: Users, screen: screen(async () => (await import("./users/users-page.tsx")).UsersPage) },
  { path: "analytics", label: "Analytics", icon: BarChart3, screen: screen(async () => (await import("./analytics/analytics-section.tsx")).AnalyticsSection) },
  { path: "settings", label: "Settings", icon: Settings, screen: screen(async () => (await import("./settings/settings-page.tsx")).SettingsPage) },
];
