/** The catalogue's first page: the query every storefront visit starts with. */
export default {
  name: "products-first-page",
  description: "GET /api/products (first page, 20 products with media)",
  budget: { p99Ms: 25, minRatio: 0.5 },
  path: () => "/api/products",
};
