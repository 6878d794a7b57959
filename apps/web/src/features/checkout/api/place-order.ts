import type { Order, PlaceOrderBody } from "@reelmart/core/api/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { apiRequest } from "../../../shared/api/client.ts";
import { cartQueryKey } from "../../../shared/cart/use-cart.ts";
import { ordersQueryKey } from "../../../shared/orders/get-orders.ts";

export const placeOrder = (body: PlaceOrderBody, idempotencyKey: string) =>
  apiRequest<Order>("/orders", { method: "POST", body, headers: { "Idempotency-Key": idempotencyKey } });

/**
 * POST /api/orders. The same body keeps the same Idempotency-Key, so a double click or a retry after
 * a lost answer is one order; a changed body (another address or payment) gets a new key.
 */
export function usePlaceOrder(userId: string | null) {
  const queryClient = useQueryClient();
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return useMutation({
    mutationFn: (body: PlaceOrderBody) => {
      const json = JSON.stringify(body);
      if (attempt.current?.body !== json) attempt.current = { body: json, key: crypto.randomUUID() };
      return placeOrder(body, attempt.current.key);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartQueryKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey(userId) });
    },
  });
}
