import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../../shared/ui/toast.ts";
import { adminKeys } from "../../api/admin-keys.ts";

/** PUT /api/admin/media-library/{id}/captions with the .vtt file as the body (not JSON, so not apiRequest). */
export async function putCaptions(id: string, file: File): Promise<string> {
  const response = await fetch(`/api/admin/media-library/${id}/captions`, {
    method: "PUT",
    credentials: "same-origin",
    headers: { "Content-Type": "text/vtt" },
    body: file,
  });
  // swallowed: a body that is not JSON (a proxy's error page) leaves the status to answer below.
  const body = (await response.json().catch(() => ({}))) as { captionsUrl?: string; error?: { message?: string } };
  if (!response.ok || !body.captionsUrl) throw new Error(body.error?.message ?? `Captions not saved (${response.status})`);
  return body.captionsUrl;
}

export function usePutCaptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: string; file: File }) => putCaptions(id, file),
    onSuccess: () => {
      toast.success("Captions added");
      return queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary });
    },
    onError: (error) => toast.error("Upload failed", { description: error instanceof Error ? error.message : undefined }),
  });
}
