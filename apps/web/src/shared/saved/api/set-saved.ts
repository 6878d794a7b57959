import { apiRequest } from "../../api/client.ts";

/** PUT or DELETE /api/saved/{productId}; useSaved wraps it in its optimistic toggle. */
export const setSaved = ({ productId, save }: { productId: string; save: boolean }) => apiRequest<void>(`/saved/${productId}`, { method: save ? "PUT" : "DELETE" });
