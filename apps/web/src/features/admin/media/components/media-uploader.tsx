import { useQueryClient } from "@tanstack/react-query";
import { Pause, Play, RotateCcw, Upload, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "../../../../shared/ui/button.tsx";
import { useUploadLimits } from "../../../../shared/upload/get-upload-limits.ts";
import { type UploadItem, useResumableUploads } from "../../../../shared/upload/use-resumable-uploads.ts";
import { useProductOptions } from "../api/get-product-options.ts";

const percent = (item: UploadItem) => (item.size ? Math.floor((item.bytesSent / item.size) * 100) : 0);

function statusText(item: UploadItem): string {
  if (item.status === "failed") return `Upload failed: ${item.error ?? "unknown reason"}`;
  if (item.status === "paused") return `Paused at ${percent(item)}%`;
  if (item.status === "processing") return "Uploaded, processing…";
  return `Uploading ${percent(item)}%`;
}

/**
 * Uploads product videos and images (several at once, resumable): pick the product, the category
 * for videos, then files. The product editor can render it with a fixed productId.
 */
export function MediaUploader({ productId: fixedProductId, onUploaded }: { productId?: string; onUploaded?: () => void }) {
  const queryClient = useQueryClient();
  const limits = useUploadLimits();
  const products = useProductOptions();
  const [chosenProduct, setChosenProduct] = useState("");
  const [category, setCategory] = useState<"product" | "ugc">("product");
  const productId = fixedProductId ?? chosenProduct;
  const ids = { product: useId(), category: useId(), files: useId() };
  const { items, add, pause, resume, dismiss } = useResumableUploads({
    onFinished: () => {
      void queryClient.invalidateQueries({ queryKey: ["admin", "media-library"] });
      onUploaded?.();
    },
  });

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
        {fixedProductId ? null : (
          <div className="flex min-w-56 flex-col gap-1">
            <label htmlFor={ids.product} className="text-sm text-neutral-300">
              Product
            </label>
            <select
              id={ids.product}
              value={chosenProduct}
              onChange={(event) => setChosenProduct(event.target.value)}
              className="rounded-lg border border-neutral-700 bg-neutral-900 px-3 py-2 text-sm text-white"
            >
              <option value="">Choose a product…</option>
              {products.data?.map((product) => (
                <option key={product.id} value={product.id}>
                  {product.title}
                </option>
              ))}
            </select>
          </div>
        )}
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
          className={`inline-flex cursor-pointer items-center gap-2 rounded-full bg-rose-500 px-5 py-2 text-sm font-semibold text-white hover:bg-rose-400 ${productId ? "" : "pointer-events-none opacity-50"}`}
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
      {items.length ? (
        <ul className="mt-3 flex flex-col gap-2" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.key} className="rounded-xl border border-neutral-800 p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate text-sm text-white">{item.name}</span>
                <div className="flex shrink-0 items-center gap-1">
                  {item.status === "uploading" ? (
                    <Button variant="ghost" size="icon" aria-label={`Pause ${item.name}`} onClick={() => pause(item.key)}>
                      <Pause className="size-4" aria-hidden="true" />
                    </Button>
                  ) : null}
                  {item.status === "paused" ? (
                    <Button variant="ghost" size="icon" aria-label={`Resume ${item.name}`} onClick={() => resume(item.key)}>
                      <Play className="size-4" aria-hidden="true" />
                    </Button>
                  ) : null}
                  {item.status === "failed" ? (
                    <Button variant="ghost" size="icon" aria-label={`Retry ${item.name}`} onClick={() => resume(item.key)}>
                      <RotateCcw className="size-4" aria-hidden="true" />
                    </Button>
                  ) : null}
                  <Button variant="ghost" size="icon" aria-label={`Dismiss ${item.name}`} onClick={() => dismiss(item.key)}>
                    <X className="size-4" aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <div
                role="progressbar"
                aria-label={`${item.name} upload progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent(item)}
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-neutral-800"
              >
                <div className={`h-full ${item.status === "failed" ? "bg-red-500" : "bg-rose-500"}`} style={{ width: `${percent(item)}%` }} />
              </div>
              <p className={`mt-1 text-xs ${item.status === "failed" ? "text-red-400" : "text-neutral-400"}`} role={item.status === "failed" ? "alert" : undefined}>
                {statusText(item)}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
