import type { AdminBrand } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminKeys } from "./admin-keys.ts";
import { uploadImage } from "./upload-image.ts";

export const uploadBrandImage = ({ id, kind, file }: { id: string; kind: "logo" | "cover"; file: File }) => uploadImage<AdminBrand>(`/admin/brands/${id}/images/${kind}`, file);

export function useUploadBrandImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadBrandImage, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.brands }) });
}
