import type { AdminMarketplace } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "./admin-keys.ts";
import { uploadImage } from "./upload-image.ts";

export const uploadMarketplaceFlag = ({ id, file }: { id: string; file: File }) => uploadImage<AdminMarketplace>(`/admin/marketplaces/${id}/flag`, file);

export function useUploadMarketplaceFlag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMarketplaceFlag, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.marketplaces }) });
}
