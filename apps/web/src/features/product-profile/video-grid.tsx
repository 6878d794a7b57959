import type { Media, ProductDetail } from "@reelmart/core/api/catalog";
import { formatCount } from "@reelmart/core/format";
import { Pencil, Play, Plus, Trash2 } from "lucide-react";
import { Suspense, lazy, useState } from "react";
import { Link } from "react-router";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Button } from "../../shared/ui/button.tsx";

// Opened by a tap, not part of the page's first screen: the player and the admins' dialogs (with
// the discovery API's schemas) load when first opened (decision 162).
const FullscreenVideoModal = lazy(async () => ({ default: (await import("../../shared/video/fullscreen-video-modal.tsx")).FullscreenVideoModal }));
const VideoEditDialog = lazy(async () => ({ default: (await import("./video-edit-dialogs.tsx")).VideoEditDialog }));
const VideoDeleteDialog = lazy(async () => ({ default: (await import("./video-edit-dialogs.tsx")).VideoDeleteDialog }));

interface VideoGridProps {
  product: ProductDetail;
  videos: Media[];
  category: "product" | "ugc";
  /** Admins get edit and delete buttons on tiles (001 §2 "Video grid", editable mode). */
  editable: boolean;
}

/** 3 columns of video tiles; tapping one opens the fullscreen player at that video. */
export function VideoGrid({ product, videos, category, editable }: VideoGridProps) {
  const [playing, setPlaying] = useState<number | null>(null);
  const [editing, setEditing] = useState<Media | null>(null);
  const [deleting, setDeleting] = useState<Media | null>(null);

  if (!videos.length) {
    return (
      <EmptyState
        title={`No ${category === "ugc" ? "UGC" : "product"} videos available for this product.`}
        action={
          editable ? (
            <Link
              to={`/admin/products/edit/${product.id}`}
              className="inline-flex items-center gap-1 rounded-full bg-white px-4 py-2 text-sm font-medium text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Plus aria-hidden="true" className="size-4" />
              Add New {category === "ugc" ? "UGC" : "Product"} Video
            </Link>
          ) : undefined
        }
      />
    );
  }

  return (
    <>
      <ul className="grid grid-cols-3 gap-1" aria-label={category === "ugc" ? "Customer videos" : "Product videos"}>
        {videos.map((video, index) => {
          const name = video.title ?? `${product.title} video ${index + 1}`;
          return (
            <li key={video.id} className="relative">
              <Button
                variant="bare"
                onClick={() => setPlaying(index)}
                aria-label={`Play ${name}`}
                className="group relative block aspect-[9/16] w-full overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <ProductImage src={video.thumbnailUrl ?? product.thumbnailUrl} alt="" eager={index < 6} className="size-full" />
                <span className="absolute inset-x-0 bottom-0 flex items-center gap-1 bg-gradient-to-t from-black/80 to-transparent p-1.5 text-xs text-white">
                  <Play aria-hidden="true" className="size-3 fill-white" />
                  {formatCount(video.viewCount)}
                </span>
                {video.title ? (
                  <span className="absolute inset-x-0 top-0 line-clamp-2 bg-gradient-to-b from-black/70 to-transparent p-1.5 text-left text-[11px] text-white">
                    {video.title}
                  </span>
                ) : null}
              </Button>
              {editable ? (
                <div className="absolute right-1 bottom-6 flex flex-col gap-1">
                  <Button
                    variant="bare"
                    aria-label={`Edit ${name}`}
                    onClick={() => setEditing(video)}
                    className="rounded-full bg-black/70 p-1.5 text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <Pencil aria-hidden="true" className="size-3.5" />
                  </Button>
                  <Button
                    variant="bare"
                    aria-label={`Delete ${name}`}
                    onClick={() => setDeleting(video)}
                    className="rounded-full bg-black/70 p-1.5 text-rose-300 hover:bg-black focus-visible:outline-2 focus-visible:outline-white"
                  >
                    <Trash2 aria-hidden="true" className="size-3.5" />
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Suspense fallback={null}>
        {playing !== null ? <FullscreenVideoModal videos={videos} startIndex={playing} product={product} onClose={() => setPlaying(null)} /> : null}
        {editing ? <VideoEditDialog productId={product.id} video={editing} onClose={() => setEditing(null)} /> : null}
        {deleting ? <VideoDeleteDialog productId={product.id} video={deleting} onClose={() => setDeleting(null)} /> : null}
      </Suspense>
    </>
  );
}
