import type { MediaProgressEvent } from "@reelmart/core/api/media";
import { MEDIA_TITLE_MAX_LENGTH } from "@reelmart/core/api/discovery";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import type { UseFormRegister } from "react-hook-form";
import { Button } from "../../../../shared/ui/button.tsx";
import { toast } from "../../../../shared/ui/toast.ts";
import { useDeleteMedia } from "../../api/delete-media.ts";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { toastFailure } from "../../components/toast-failure.ts";
import type { ProductFormValues } from "../product-form.ts";
import { smallControl } from "./small-field.tsx";

const REMOVE_VIDEO = "Are you sure you want to remove this video? This action cannot be undone.";

/** One of the product's media in the editor: its title, main and cover flags, category, pages, place and removal. */
export function MediaRow({
  index,
  count,
  item,
  productTitle,
  titleError,
  register,
  onMove,
  onFlag,
  onRemoved,
  progress,
}: {
  index: number;
  count: number;
  item: ProductFormValues["media"][number];
  /** What shoppers see as the media's title while it has none of its own (decision 209). */
  productTitle: string;
  titleError?: string;
  progress?: MediaProgressEvent;
  register: UseFormRegister<ProductFormValues>;
  onMove: (to: number) => void;
  onFlag: (flag: "isMain" | "isCover") => void;
  onRemoved: () => void;
}) {
  const [confirm, setConfirm] = useState(false);
  const remove = useDeleteMedia();
  const position = `${item.type === "video" ? "Video" : "Image"} ${index + 1}`;
  const name = item.title || position;
  const preview = item.thumbnailUrl ?? (item.type === "image" ? item.url : null);
  const titleId = useId();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-white/10 p-3 md:flex-row md:items-center">
      <div className="flex items-center gap-3 md:w-56">
        {preview ? <img src={preview} alt="" className="size-14 shrink-0 rounded-lg object-cover" /> : <span className="size-14 shrink-0 rounded-lg bg-neutral-800" />}
        <div className="min-w-0 text-sm">
          <p className="truncate font-medium text-white">{name}</p>
          <p className="text-xs text-neutral-400">
            {item.type} · {item.status}
            {item.status === "processing" && progress?.status === "running" ? ` ${Math.round(progress.progress)}% (${progress.stage})` : null}
          </p>
        </div>
      </div>
      <div className="flex flex-1 flex-wrap items-center gap-x-4 gap-y-2 text-sm text-neutral-200">
        <div className="flex w-full flex-col gap-1">
          {/* Named by its place, not its title: the name would change with every key typed. */}
          <label htmlFor={titleId} className="text-xs font-medium text-neutral-300">
            <span className="sr-only">{position} </span>Title
          </label>
          <input
            id={titleId}
            {...register(`media.${index}.title`)}
            maxLength={MEDIA_TITLE_MAX_LENGTH}
            placeholder={productTitle.trim() || undefined}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${titleId}-${titleError ? "error" : "hint"}`}
            className={smallControl}
          />
          {titleError ? (
            <p id={`${titleId}-error`} className="text-xs text-red-400">
              {titleError}
            </p>
          ) : (
            <p id={`${titleId}-hint`} className="text-xs text-neutral-400">
              Left empty, shoppers see the product's title.
            </p>
          )}
        </div>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="main-media" className="size-4 accent-rose-500" checked={item.isMain} onChange={() => onFlag("isMain")} /> Main
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="cover-media" className="size-4 accent-rose-500" checked={item.isCover} onChange={() => onFlag("isCover")} /> Cover
        </label>
        <label className="flex items-center gap-1.5">
          <span className="sr-only">{name}: </span>Category
          <select {...register(`media.${index}.category`)} className="rounded-md border border-neutral-700 bg-neutral-900 px-2 py-1 text-sm">
            <option value="product">Product</option>
            <option value="ugc">Customer (UGC)</option>
          </select>
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className="size-4 accent-rose-500" {...register(`media.${index}.displayOnLandingPage`)} /> Landing page
        </label>
        <label className="flex items-center gap-1.5">
          <input type="checkbox" className="size-4 accent-rose-500" {...register(`media.${index}.displayOnProfilePage`)} /> Profile page
        </label>
      </div>
      <div className="flex gap-1">
        <Button size="icon" variant="ghost" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button size="icon" variant="ghost" aria-label={`Remove ${name}`} className="text-red-300" onClick={() => setConfirm(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Remove ${name}?`}
        description={REMOVE_VIDEO}
        confirmLabel="Remove"
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(item.id, {
            onSuccess: () => {
              setConfirm(false);
              onRemoved();
              toast.success("Media removed");
            },
            onError: (error) => toastFailure("Failed to remove media", error),
          })
        }
      />
    </li>
  );
}
