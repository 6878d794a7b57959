import type { Media } from "@reelmart/core/api/catalog";
import { MEDIA_TITLE_MAX_LENGTH } from "@reelmart/core/api/discovery";
import { type FormEvent, useState } from "react";
import { Dialog } from "../../shared/ui/dialog.tsx";
import { useDeleteMedia, useEditMedia } from "./api/admin-media.ts";

const primary =
  "rounded-full bg-white px-4 py-2 text-sm font-medium text-black disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
const secondary = "rounded-full px-4 py-2 text-sm text-neutral-300 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white";

/** The editable-mode dialog: title and category (001 §5). */
export function VideoEditDialog({ productId, video, onClose }: { productId: string; video: Media; onClose: () => void }) {
  const [title, setTitle] = useState(video.title ?? "");
  const [category, setCategory] = useState(video.category);
  const edit = useEditMedia(productId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate({ id: video.id, title: title.trim() || null, category }, { onSuccess: onClose });
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit video">
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className="flex flex-col gap-1 text-sm">
          Title
          <input
            value={title}
            maxLength={MEDIA_TITLE_MAX_LENGTH}
            onChange={(event) => setTitle(event.target.value)}
            className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-white"
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Category
          <select
            value={category}
            onChange={(event) => setCategory(event.target.value as Media["category"])}
            className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-white"
          >
            <option value="product">Product</option>
            <option value="ugc">UGC</option>
          </select>
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={secondary}>
            Cancel
          </button>
          <button type="submit" disabled={edit.isPending} className={primary}>
            {edit.isPending ? "Saving..." : "Save"}
          </button>
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
        <button type="button" onClick={onClose} className={secondary}>
          Cancel
        </button>
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate(video.id, { onSuccess: onClose })}
          className="rounded-full bg-rose-600 px-4 py-2 text-sm font-medium text-white disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Remove
        </button>
      </div>
    </Dialog>
  );
}
