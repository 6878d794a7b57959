import type { Order } from "@reelmart/core/api/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { orderQueryKey, ordersQueryKey } from "../../../shared/orders/get-orders.ts";

export const cancelOrder = (id: string) => apiRequest<Order>(`/orders/${encodeURIComponent(id)}/cancel`, { method: "POST", body: {} });

/** POST /api/orders/{id}/cancel: before shipping, without a fee; the stock goes back. */
export function useCancelOrder(userId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryKey(order.id), order);
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) });
    },
  });
}
