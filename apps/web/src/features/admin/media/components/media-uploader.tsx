import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ProductMediaUploader } from "../../../../shared/upload/product-media-uploader.tsx";
import type { ProcessingEvents } from "../../../../shared/upload/upload-list.tsx";
import { adminKeys } from "../../api/admin-keys.ts";
import { useProductOptions } from "../api/get-product-options.ts";

/**
 * The media library's uploader: pick the product, then files (the product editor uploads to its own
 * product). `processing` is the page's progress stream, which also tells the uploads when they are ready.
 */
export function MediaUploader({ processing }: { processing: ProcessingEvents }) {
  const queryClient = useQueryClient();
  const products = useProductOptions();
  const [productId, setProductId] = useState("");
  const pickerId = useId();
  return (
    <ProductMediaUploader
      productId={productId}
      processing={processing}
      onFinished={() => void queryClient.invalidateQueries({ queryKey: adminKeys.mediaLibrary })}
      productPicker={
        <div className="flex min-w-56 flex-col gap-1">
          <label htmlFor={pickerId} className="text-sm text-neutral-300">
            Product
          </label>
          <select
            id={pickerId}
            value={productId}
            onChange={(event) => setProductId(event.target.value)}
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
      }
    />
  );
}
