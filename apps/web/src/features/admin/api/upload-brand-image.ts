import { ADMIN_IMAGE_MAX_BYTES } from "@reelmart/core/api/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "../../../shared/api/client.ts";
import { uploadFile } from "../../../shared/upload/use-resumable-uploads.ts";
import { adminKeys } from "./admin-keys.ts";

const TOO_LARGE = "Please select an image smaller than 5MB";

/** A store image over tus (resumable, checked by its bytes, stored as WebP); resolves with its URL. */
export async function uploadStoreImage(request: { purpose: "brand-logo" | "brand-cover"; brandId: string; file: File } | { purpose: "marketplace-flag"; marketplaceId: string; file: File }) {
  // The server refuses it too (413 before any byte is stored); this saves the round trip.
  if (request.file.size > ADMIN_IMAGE_MAX_BYTES) throw new ApiRequestError(413, "payload_too_large", TOO_LARGE, "file");
  const finished = await uploadFile(request);
  if (!finished.url) throw new ApiRequestError(500, "bad_response", "The image was not stored");
  return finished.url;
}

export const uploadBrandImage = ({ id, kind, file }: { id: string; kind: "logo" | "cover"; file: File }) => uploadStoreImage({ purpose: kind === "logo" ? "brand-logo" : "brand-cover", brandId: id, file });

export function useUploadBrandImage() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadBrandImage, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.brands }) });
}
