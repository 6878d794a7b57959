import type { StoreSettings, StoreSettingsInput } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";
import { adminKeys } from "./admin-keys.ts";

export const saveSettings = (body: StoreSettingsInput) => apiRequest<StoreSettings>("/admin/settings", { method: "PUT", body });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSettings, onSuccess: (settings) => queryClient.setQueryData(adminKeys.settings, settings) });
}
