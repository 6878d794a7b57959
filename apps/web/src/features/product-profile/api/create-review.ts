import type { CreateReviewBody, ReviewCreated } from "@reelmart/core/api/reviews";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { getProductQueryOptions } from "../../../shared/product/api/get-product.ts";
import { productReviewsKey } from "./get-reviews.ts";

/** POST /api/products/{id}/reviews. */
export const createReview = (productId: string, body: CreateReviewBody) => apiRequest<ReviewCreated>(`/products/${productId}/reviews`, { method: "POST", body });

export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReviewBody) => createReview(productId, body),
    onSuccess: () => {
      // The product's rating and review count changed with the review.
      void queryClient.invalidateQueries({ queryKey: productReviewsKey(productId) });
      void queryClient.invalidateQueries({ queryKey: getProductQueryOptions(productId).queryKey });
    },
  });
}
