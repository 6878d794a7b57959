import type { AdminProduct } from "@reelmart/core/api/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useFormContext } from "react-hook-form";
import { adminKeys } from "../../api/admin-keys.ts";
import { useMediaProgress } from "../../media/api/use-media-progress.ts";
import { type ProductFormValues, toFormValues } from "../product-form.ts";

/**
 * Uploads made in the editor: the product is refetched when a file is stored and when its processing
 * ends (the progress stream), and the form's media rows follow the server's list; new rows are
 * added with `appendRows` (the media field array's append).
 */
export function useMediaRefresh(product: AdminProduct | null, appendRows: (rows: ProductFormValues["media"]) => void) {
  const { formState, getValues, setValue, reset } = useFormContext<ProductFormValues>();
  const queryClient = useQueryClient();
  const refetchProduct = () => void (product && queryClient.invalidateQueries({ queryKey: adminKeys.product(product.id) }));
  const progress = useMediaProgress((event) => {
    if (event.mediaId && getValues("media").some((item) => item.id === event.mediaId)) refetchProduct();
  });
  useEffect(() => {
    // A clean form simply takes the new state; a dirty one keeps the owner's edits, gets the new
    // rows appended and the status and files of the others updated.
    if (!product) return;
    if (!formState.isDirty) {
      reset(toFormValues(product));
      return;
    }
    const current = getValues("media");
    const fresh = new Map(product.media.map((item) => [item.id, item]));
    current.forEach((item, index) => {
      const latest = fresh.get(item.id);
      if (!latest) return;
      setValue(`media.${index}.status`, latest.status);
      setValue(`media.${index}.url`, latest.url);
      setValue(`media.${index}.thumbnailUrl`, latest.thumbnailUrl);
    });
    const known = new Set(current.map((item) => item.id));
    const added = toFormValues(product).media.filter((item) => !known.has(item.id));
    if (added.length) appendRows(added);
    // Only a new server state of the product's media (formState is read, not followed).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product?.media]);
  return { progress, refetchProduct };
}
