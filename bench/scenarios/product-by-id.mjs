/** Product detail for ids spread over the catalogue, so no single row stays hot. */
export default {
  name: "product-by-id",
  description: "GET /api/products/{id} (random product, full detail)",
  budget: { p99Ms: 25, minRatio: 0.5 },
  path: ({ productIds }) => `/api/products/${productIds[Math.floor(Math.random() * productIds.length)]}`,
};
