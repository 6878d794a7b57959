import type { LibraryItem } from "@reelmart/core/api/media";
import { useState } from "react";
import { Dialog } from "../../../../shared/ui/dialog.tsx";

/** Plays a video (any rendition, with its captions) or shows an image. */
export function MediaPreviewDialog({ item, onClose }: { item: LibraryItem | null; onClose: () => void }) {
  const [height, setHeight] = useState<number | null>(null);
  if (!item) return null;
  const rendition = item.renditions.find((r) => r.height === height) ?? item.renditions[0];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={item.title ?? item.productTitle} description={item.productTitle}>
      {item.type === "video" ? (
        <>
          <video key={rendition?.url ?? item.url} controls playsInline poster={item.thumbnailUrl ?? undefined} className="max-h-[60dvh] w-full rounded-lg bg-black" src={rendition?.url ?? item.url}>
            {item.captionsUrl ? <track kind="captions" src={item.captionsUrl} srcLang="en" label="English" default /> : null}
          </video>
          {item.renditions.length > 1 ? (
            <div className="flex flex-wrap gap-2" role="group" aria-label="Quality">
              {item.renditions.map((r) => (
                <button
                  key={r.height}
                  type="button"
                  aria-pressed={r.url === rendition?.url}
                  onClick={() => setHeight(r.height)}
                  className="rounded-full border border-neutral-700 px-3 py-1 text-xs text-neutral-200 aria-pressed:bg-white aria-pressed:text-black"
                >
                  {Math.min(r.width, r.height)}p · {(r.bytes / 1048576).toFixed(1)} MB
                </button>
              ))}
            </div>
          ) : null}
        </>
      ) : (
        <img src={item.url} alt={item.title ?? item.productTitle} className="max-h-[60dvh] w-full rounded-lg object-contain" />
      )}
    </Dialog>
  );
}
