import { Film, House, ShoppingBag } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, useParams } from "react-router";
import { Price } from "../../shared/product/price.tsx";
import { ProductImage } from "../../shared/product/product-image.tsx";
import { NotFoundWithBack, PageHeader } from "../../shared/ui/page-header.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { useFullscreenLock } from "../../shared/video/use-fullscreen-lock.ts";
import { VideoPlayer } from "../../shared/video/video-player.tsx";
import { useWatchVideo } from "./api/get-watch-video.ts";

/**
 * /v/{mediaId}, one video's own page (docs/decisions/160-share-pages.md): the video is the main
 * content, above the fold, with the product it sells beside it (below it on a phone) and links into
 * the product and the feed. The server gives this URL its VideoObject markup; the sitemap lists it.
 */
export function WatchPage() {
  const { mediaId = "" } = useParams();
  const watch = useWatchVideo(mediaId);
  const [fullscreen, setFullscreen] = useState(false);
  const exitFullscreen = useCallback(() => setFullscreen(false), []);
  useFullscreenLock(fullscreen, exitFullscreen);

  if (watch.isPending && watch.fetchStatus !== "idle") return <Spinner label="Loading video" className="h-full" />;
  if (!watch.data) return <NotFoundWithBack title="Video not found" />;
  const { media, product } = watch.data;
  const name = media.title ?? product.title;
  return (
    <div className="pb-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+1rem)]">
      <PageHeader title={name} />
      {/* The app is a phone-width column at every screen size, so the card stays under the video:
          side by side (by the viewport's md breakpoint) the video had no width of its own and vanished. */}
      <div className={`bg-black ${fullscreen ? "fixed inset-0 z-50" : "relative mx-auto aspect-[9/16] max-h-[70dvh] w-full"}`}>
        <VideoPlayer
          media={media}
          productThumbnailUrl={product.thumbnailUrl}
          label={name}
          load="play"
          captureThumbnail={false}
          fullscreen={fullscreen}
          onToggleFullscreen={() => setFullscreen((value) => !value)}
        />
      </div>
      <section aria-label="Product in this video" className="mt-4 px-4">
        <Link
          to={`/product/${product.id}`}
          className="flex items-center gap-3 rounded-xl bg-neutral-900 p-3 focus-visible:outline-2 focus-visible:outline-white"
        >
          <ProductImage src={product.thumbnailUrl} alt="" className="size-20 shrink-0 rounded-lg" />
          <span className="min-w-0">
            {product.brand ? <span className="block truncate text-xs text-neutral-400">{product.brand.name}</span> : null}
            <span className="line-clamp-2 text-sm font-medium text-white">{product.title}</span>
            <Price price={product.price} discountPercentage={product.discountPercentage} size="md" />
          </span>
        </Link>
        <nav aria-label="More" className="mt-3 flex flex-col gap-2">
          <Link to={`/product/${product.id}`} className="flex items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-medium text-black">
            <ShoppingBag className="size-4" aria-hidden /> View product
          </Link>
          <Link
            to={`/product-profile/${product.id}?media=${media.id}`}
            className="flex items-center gap-2 rounded-full border border-neutral-700 px-4 py-2 text-sm font-medium text-white"
          >
            <Film className="size-4" aria-hidden /> More videos of this product
          </Link>
          <Link to="/" className="flex items-center gap-2 rounded-full border border-neutral-700 px-4 py-2 text-sm font-medium text-white">
            <House className="size-4" aria-hidden /> Watch the feed
          </Link>
        </nav>
        {product.description ? <p className="mt-3 text-sm text-neutral-400">{product.description}</p> : null}
      </section>
    </div>
  );
}
