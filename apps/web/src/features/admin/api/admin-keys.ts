/** Query keys of the admin screens; a write invalidates the lists it changes and the dashboard. */
export const adminKeys = {
  all: ["admin"] as const,
  dashboard: ["admin", "dashboard"] as const,
  products: ["admin", "products"] as const,
  product: (id: string) => ["admin", "product", id] as const,
  brands: ["admin", "brands"] as const,
  categories: ["admin", "categories"] as const,
  marketplaces: ["admin", "marketplaces"] as const,
  settings: ["admin", "settings"] as const,
  users: ["admin", "users"] as const,
  orders: ["admin", "orders"] as const,
  order: (id: string) => ["admin", "order", id] as const,
  analytics: ["admin", "analytics"] as const,
  mediaLibrary: ["admin", "media-library"] as const,
  submissions: ["admin", "submissions"] as const,
  mediaProductOptions: ["admin", "media", "product-options"] as const,
};
