import { Upload } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useUploadLimits } from "./get-upload-limits.ts";
import { type ProcessingEvents, UploadList } from "./upload-list.tsx";
import { type UploadItem, useResumableUploads } from "./use-resumable-uploads.ts";

/**
 * Uploads product videos and images to one product (several at once, resumable): the category for
 * videos, then files. The media library puts its product picker in front (`productPicker`); the
 * product editor passes its product. `onFinished` runs when a file's last byte is stored; from then
 * on its processing is followed in `processing`, the host's progress stream.
 */
export function ProductMediaUploader({
  productId,
  productPicker,
  onFinished,
  processing,
}: {
  productId: string;
  productPicker?: ReactNode;
  onFinished?: (item: UploadItem) => void;
  processing: ProcessingEvents;
}) {
  const limits = useUploadLimits();
  const [category, setCategory] = useState<"product" | "ugc">("product");
  const ids = { category: useId(), files: useId() };
  const { items, add, pause, resume, dismiss } = useResumableUploads({ onFinished });

  const onFiles = (files: FileList | null) => {
    if (!files?.length || !productId) return;
    void add(
      [...files].map((file) => {
        // The server decides by the bytes; the browser's guess only picks the limit and the purpose.
        const image = file.type.startsWith("image/");
        return {
          file,
          productId,
          purpose: image ? ("product-image" as const) : ("product-video" as const),
          category: image ? undefined : category,
          maxBytes: image ? limits.data?.maxImageBytes : limits.data?.maxVideoBytes,
        };
      }),
    );
  };

  return (
    <section aria-label="Upload media" className="rounded-2xl border border-neutral-800 bg-neutral-950 p-4">
      <div className="flex flex-wrap items-end gap-3">
        {productPicker}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm text-neutral-300">
            Video category
          </label>
          <select
            id={ids.category}
            value={category}
            onChange={(event) => setCategory(event.target.value as "product" | "ugc")}
            className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white"
          >
            <option value="product">Product video</option>
            <option value="ugc">UGC (customer) video</option>
          </select>
        </div>
        <label
          htmlFor={ids.files}
          aria-disabled={!productId}
          className={`inline-flex cursor-pointer items-center gap-2 rounded-full bg-rose-600 px-5 py-2 text-sm font-semibold text-white hover:bg-rose-700 ${productId ? "" : "pointer-events-none opacity-50"}`}
        >
          <Upload className="size-4" aria-hidden="true" />
          Choose files
        </label>
        <input
          id={ids.files}
          type="file"
          multiple
          accept="video/*,image/jpeg,image/png,image/webp,image/gif"
          className="sr-only"
          disabled={!productId}
          onChange={(event) => {
            onFiles(event.target.files);
            event.target.value = "";
          }}
        />
      </div>
      {limits.data ? (
        <p className="mt-2 text-xs text-neutral-400">
          Videos up to {Math.round(limits.data.maxVideoBytes / 1048576)} MB (MP4, MOV, WebM), images up to {Math.round(limits.data.maxImageBytes / 1048576)} MB. An
          interrupted upload continues where it stopped when you choose the same file again.
        </p>
      ) : null}
      <UploadList items={items} processing={processing} onPause={pause} onResume={resume} onDismiss={dismiss} />
    </section>
  );
}
