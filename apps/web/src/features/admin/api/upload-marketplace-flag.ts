import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "./admin-keys.ts";
import { uploadStoreImage } from "./upload-brand-image.ts";

export const uploadMarketplaceFlag = ({ id, file }: { id: string; file: File }) => uploadStoreImage({ purpose: "marketplace-flag", marketplaceId: id, file });

export function useUploadMarketplaceFlag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMarketplaceFlag, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.marketplaces }) });
}
