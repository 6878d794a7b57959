import type { ReviewList } from "@reelmart/core/api/reviews";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { useSession } from "../../../shared/session/use-session.ts";

/** GET /api/products/{id}/reviews; the answer says which review is the viewer's, so the key holds the viewer. */
export const getReviews = (productId: string, signal?: AbortSignal) => apiRequest<ReviewList>(`/products/${productId}/reviews`, { signal });

/** Every viewer's copy of a product's reviews, for invalidation. */
export const productReviewsKey = (productId: string) => ["reviews", productId] as const;

export const getReviewsQueryOptions = (productId: string, userId: string | null) =>
  queryOptions({ queryKey: [...productReviewsKey(productId), userId ?? "anonymous"], queryFn: ({ signal }) => getReviews(productId, signal) });

export function useReviews(productId: string) {
  const { user } = useSession();
  return useQuery(getReviewsQueryOptions(productId, user?.id ?? null));
}
