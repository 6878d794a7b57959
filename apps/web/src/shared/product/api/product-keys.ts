/**
 * Query keys of product reads. Every key under these roots gets the product cache times
 * (app/query-client.ts), so a feature's own product list (similar, trending) starts from `lists`.
 */
export const productKeys = {
  lists: ["products"] as const,
  details: ["product"] as const,
  detail: (id: string) => ["product", id] as const,
};
