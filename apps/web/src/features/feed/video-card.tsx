import type { FeedItem } from "@reelmart/core/api/feed";
import { baseProductId } from "@reelmart/core/ids";
import { Heart } from "lucide-react";
import { type Ref, useCallback, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { ActionRail } from "../../shared/engagement/action-rail.tsx";
import { useLikeToggle } from "../../shared/engagement/api/like-media.ts";
import { useFullscreenLock } from "../../shared/video/use-fullscreen-lock.ts";
import { useSwipe } from "../../shared/video/use-swipe.ts";
import { type PlayerLoad, VideoPlayer, type VideoPlayerHandle } from "../../shared/video/video-player.tsx";
import { profileFromVideo } from "../../shared/product/profile-link.ts";
import { cardMedia } from "@reelmart/core/feed-order";
import { ProductOverlay } from "./product-overlay.tsx";
import { useCardTaps, vibrate } from "./use-card-taps.ts";

export interface VideoCardProps {
  item: FeedItem;
  load: PlayerLoad;
  captureThumbnail: boolean;
  playerRef: Ref<VideoPlayerHandle>;
}

// The double-tap heart pops and fades; the Web Animations API keeps this out of the global CSS.
function popHeart(element: HTMLElement | null) {
  element?.animate(
    [
      { transform: "translate(-50%, -50%) scale(0.4)", opacity: 0 },
      { transform: "translate(-50%, -50%) scale(1.15)", opacity: 1, offset: 0.25 },
      { transform: "translate(-50%, -90%) scale(1)", opacity: 0 },
    ],
    { duration: 800, easing: "ease-out", fill: "forwards" },
  );
}

/** One full-height card of the feed: video, gestures, action rail and product overlay (001 §2). */
export function VideoCard({ item, load, captureThumbnail, playerRef }: VideoCardProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const surface = useRef<HTMLDivElement>(null);
  const player = useRef<VideoPlayerHandle | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const [hearts, setHearts] = useState<{ id: number; x: number; y: number }[]>([]);
  const media = cardMedia(item);
  const like = useLikeToggle(media);
  const productId = baseProductId(item.id);

  const exitFullscreen = useCallback(() => setFullscreen(false), []);
  useFullscreenLock(fullscreen, exitFullscreen);

  const taps = useCardTaps({
    onSingleTap: () => player.current?.togglePlay(),
    onDoubleTap(point) {
      vibrate();
      like.like();
      const rect = surface.current?.getBoundingClientRect();
      const heart = { id: performance.now(), x: point.x - (rect?.left ?? 0), y: point.y - (rect?.top ?? 0) };
      setHearts((list) => [...list, heart]);
      setTimeout(() => setHearts((list) => list.filter((h) => h.id !== heart.id)), 800);
    },
    onHold: (held) => player.current?.hold(held),
  });

  useSwipe(surface, {
    ...taps,
    onSwipe(direction) {
      vibrate();
      if (direction === "left") void navigate(profileFromVideo(productId, media?.id ?? null));
      else void navigate(`/product/${productId}`, { state: { from: `${location.pathname}${location.search}`, skipAddToCart: true } });
    },
  });

  const setPlayer = useCallback(
    (handle: VideoPlayerHandle | null) => {
      player.current = handle;
      if (typeof playerRef === "function") playerRef(handle);
      else if (playerRef) playerRef.current = handle;
    },
    [playerRef],
  );

  if (!media) return null;
  return (
    <article
      ref={surface}
      aria-label={item.title}
      data-product-id={item.id}
      className={`touch-pan-y bg-black select-none ${fullscreen ? "fixed inset-0 z-50" : "relative h-full w-full"}`}
    >
      <VideoPlayer
        ref={setPlayer}
        media={media}
        productThumbnailUrl={item.thumbnailUrl}
        label={`${item.title} video`}
        load={load}
        captureThumbnail={captureThumbnail}
        fullscreen={fullscreen}
        onToggleFullscreen={() => setFullscreen((value) => !value)}
      />
      {hearts.map((heart) => (
        <span
          key={heart.id}
          aria-hidden
          ref={popHeart}
          className="pointer-events-none absolute z-20 -translate-x-1/2 -translate-y-1/2"
          style={{ left: heart.x, top: heart.y }}
        >
          <Heart className="size-24 fill-red-500 text-red-500 drop-shadow-lg" />
        </span>
      ))}
      {!fullscreen && (
        <>
          <div className="pointer-events-none absolute inset-x-0 bottom-0 h-2/5 bg-gradient-to-t from-black/80 via-black/30 to-transparent" />
          <div className="absolute right-2 bottom-28 z-20">
            <ActionRail media={media} product={item} like={like} />
          </div>
          <div className="absolute inset-x-0 bottom-0 z-10 pr-20 pb-4 pl-4">
            <ProductOverlay item={item} mediaId={media?.id ?? null} />
          </div>
        </>
      )}
    </article>
  );
}
