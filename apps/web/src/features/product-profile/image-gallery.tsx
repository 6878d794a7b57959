import type { Media } from "@reelmart/core/api/catalog";
import { useState } from "react";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Lightbox } from "./lightbox.tsx";
import { Button } from "../../shared/ui/button.tsx";

/** A masonry of 2 columns (3 on wide screens) opening a full-screen lightbox (001 §2). */
export function ImageGallery({ images, productTitle }: { images: Media[]; productTitle: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (!images.length) return <EmptyState title="No images available for this product." />;
  return (
    <>
      <ul className="columns-2 gap-2 md:columns-3" aria-label="Product images">
        {images.map((image, index) => (
          <li key={image.id} className="mb-2 break-inside-avoid">
            <Button
              variant="bare"
              onClick={() => setOpen(index)}
              aria-label={`Open image ${index + 1} of ${images.length}`}
              className="block w-full overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <ProductImage src={image.url} alt={`${productTitle}, image ${index + 1}`} eager={index < 4} className="h-auto min-h-24 w-full" />
            </Button>
          </li>
        ))}
      </ul>
      {open !== null ? <Lightbox images={images} startIndex={open} productTitle={productTitle} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
