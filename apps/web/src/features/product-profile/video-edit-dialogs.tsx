import type { Media } from "@reelmart/core/api/catalog";
import { MEDIA_TITLE_MAX_LENGTH } from "@reelmart/core/api/discovery";
import { type FormEvent, useState } from "react";
import { Button } from "../../shared/ui/button.tsx";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { Field, FieldFrame, controlClass } from "../../shared/ui/field.tsx";
import { useDeleteMedia } from "./api/delete-media.ts";
import { useUpdateMedia } from "./api/update-media.ts";

/** The editable-mode dialog: title and category (001 §5). */
export function VideoEditDialog({ productId, video, onClose }: { productId: string; video: Media; onClose: () => void }) {
  const [title, setTitle] = useState(video.title ?? "");
  const [category, setCategory] = useState(video.category);
  const edit = useUpdateMedia(productId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ id: video.id, title: title.trim() || null, category }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit video">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <Field label="Title" value={title} maxLength={MEDIA_TITLE_MAX_LENGTH} onChange={(event) => setTitle(event.target.value)} />
        <FieldFrame label="Category">
          {(control) => (
            <select {...control} value={category} onChange={(event) => setCategory(event.target.value as Media["category"])} className={controlClass}>
              <option value="product">Product</option>
              <option value="ugc">UGC</option>
            </select>
          )}
        </FieldFrame>
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="inverse" type="submit" disabled={edit.isPending}>
            {edit.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export function VideoDeleteDialog({ productId, video, onClose }: { productId: string; video: Media; onClose: () => void }) {
  const remove = useDeleteMedia(productId);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Remove video"
      description="Are you sure you want to remove this video? This action cannot be undone."
    >
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate(video.id, { onSuccess: onClose })}>
          Remove
        </Button>
      </div>
    </Dialog>
  );
}
