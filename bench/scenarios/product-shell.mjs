/**
 * The app shell of a product page with its own head (title, preview tags, JSON-LD), for products
 * spread over the catalogue: what a chat preview, a crawler or a shopper's first load is answered
 * (docs/decisions/160-share-pages.md). Rendered from the catalogue cache, so its budget is the API's.
 */
export default {
  name: "product-shell",
  description: "GET /product/{id} (random product, server-rendered head)",
  budget: { p99Ms: 25, minRatio: 0.5 },
  path: ({ productIds }) => `/product/${productIds[Math.floor(Math.random() * productIds.length)]}`,
};
