import type { AdminOrder, AdminOrderAction } from "@reelmart/core/api/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export type OrderAction = { id: string; action: AdminOrderAction; note?: string };

/** POST /api/admin/orders/{id}/actions: ship, deliver, complete, cancel or mark returned, with a timeline note. */
export const actOnOrder = ({ id, action, note }: OrderAction) =>
  apiRequest<AdminOrder>(`/admin/orders/${encodeURIComponent(id)}/actions`, { method: "POST", body: { action, note } });

export function useActOnOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: actOnOrder,
    onSuccess: (updated) => {
      queryClient.setQueryData(adminKeys.order(updated.id), updated);
      // The list and the dashboard's order counts and revenue change with it.
      void queryClient.invalidateQueries({ queryKey: adminKeys.orders });
      void queryClient.invalidateQueries({ queryKey: adminKeys.dashboard });
    },
  });
}
