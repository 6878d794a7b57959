import type { CreateReviewBody, ReviewCreated, ReviewList } from "@reelmart/core/api/reviews";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { productQueryKey } from "../../../shared/product/product-queries.ts";
import { useSession } from "../../../shared/session/use-session.ts";

const reviewsQueryKey = (productId: string, userId: string | null) => ["reviews", productId, userId ?? "anonymous"] as const;

export function useReviews(productId: string) {
  const { user } = useSession();
  return useQuery({
    queryKey: reviewsQueryKey(productId, user?.id ?? null),
    queryFn: ({ signal }) => apiRequest<ReviewList>(`/products/${productId}/reviews`, { signal }),
  });
}

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => apiRequest<ReviewCreated>(`/products/${productId}/reviews`, { method: "POST", body }),
    onSuccess: () => {
      // The product's rating and review count changed with the review.
      void queryClient.invalidateQueries({ queryKey: ["reviews", productId] });
      void queryClient.invalidateQueries({ queryKey: productQueryKey(productId) });
    },
  });
}
