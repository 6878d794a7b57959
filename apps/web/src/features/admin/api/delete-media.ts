import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../shared/api/client.ts";

export const deleteMedia = (id: string) => apiRequest<void>(`/admin/media/${id}`, { method: "DELETE" });

export const useDeleteMedia = () => useMutation({ mutationFn: deleteMedia });
