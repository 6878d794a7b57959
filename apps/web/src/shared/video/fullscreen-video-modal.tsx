import { MODAL_SWIPE_NAVIGATE_DELAY_MS } from "@reelmart/core/gestures";
import type { Media } from "@reelmart/core/api/catalog";
import { baseProductId } from "@reelmart/core/ids";
import { X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { playerLoadFor } from "./playback-window.ts";
import { useSwipe } from "./use-swipe.ts";
import { VideoPlayer, type VideoPlayerHandle } from "./video-player.tsx";
import { Button } from "../ui/button.tsx";
import { profileFromVideo } from "../product/profile-link.ts";

export interface FullscreenVideoModalProps {
  videos: Media[];
  startIndex: number;
  product: { id: string; title: string; thumbnailUrl: string | null };
  onClose(): void;
}

/**
 * Full-screen videos of one product (001 §2 "Fullscreen video modal"): a vertical snap list opened
 * at startIndex. Swipe right opens the landing page (with from and skipAddToCart), swipe left
 * closes and opens the product profile 100 ms later.
 */
export function FullscreenVideoModal({ videos, startIndex, product, onClose }: FullscreenVideoModalProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const surface = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const players = useRef(new Map<number, VideoPlayerHandle>());
  const [current, setCurrent] = useState(Math.min(Math.max(startIndex, 0), Math.max(videos.length - 1, 0)));
  const productId = baseProductId(product.id);

  useEffect(() => {
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const opener = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = previousOverflow;
      opener?.focus?.();
    };
  }, []);

  useEffect(() => {
    const element = list.current;
    if (element) element.scrollTop = current * element.clientHeight;
    // Only on open: afterwards the scroll position drives `current`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = useCallback(
    (index: number) => {
      const element = list.current;
      if (!element || index < 0 || index >= videos.length) return;
      element.scrollTo({ top: index * element.clientHeight, behavior: "smooth" });
    },
    [videos.length],
  );

  useSwipe(surface, {
    onSwipe(direction) {
      if (direction === "right") {
        void navigate(`/product/${productId}`, { state: { from: `${location.pathname}${location.search}`, skipAddToCart: true } });
        return;
      }
      onClose();
      const profile = profileFromVideo(productId, videos[current]?.id ?? null);
      setTimeout(() => void navigate(profile), MODAL_SWIPE_NAVIGATE_DELAY_MS);
    },
    onTap() {
      players.current.get(current)?.togglePlay();
    },
  });

  return createPortal(
    <div
      role="dialog"
      aria-modal="true"
      aria-label={`${product.title} videos`}
      className="fixed inset-0 z-[60] bg-black"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
        else if (event.key === "ArrowDown") go(current + 1);
        else if (event.key === "ArrowUp") go(current - 1);
        else if (event.key === " " && !(event.target instanceof HTMLButtonElement)) players.current.get(current)?.togglePlay();
        else return;
        event.preventDefault();
      }}
    >
      <Button
        variant="bare"
        ref={closeButton}
        aria-label="Close"
        onClick={onClose}
        className="absolute top-[max(0.75rem,env(safe-area-inset-top))] left-3 z-30 flex size-10 items-center justify-center rounded-full bg-black/50 text-white"
      >
        <X className="size-6" aria-hidden />
      </Button>
      {videos.length === 0 ? (
        <p className="flex h-full items-center justify-center px-6 text-center text-neutral-300">No videos available to display</p>
      ) : (
        <div ref={surface} className="h-full touch-pan-y">
          <div
            ref={list}
            className="h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none]"
            onScroll={(event) => setCurrent(Math.round(event.currentTarget.scrollTop / Math.max(event.currentTarget.clientHeight, 1)))}
          >
            {videos.map((media, index) => (
              <div key={media.id} className="relative h-full snap-start snap-always">
                <VideoPlayer
                  ref={(handle) => {
                    if (handle) players.current.set(index, handle);
                    else players.current.delete(index);
                  }}
                  media={media}
                  productThumbnailUrl={product.thumbnailUrl}
                  label={media.title ?? product.title}
                  load={playerLoadFor(index, current)}
                  captureThumbnail={Math.abs(index - current) <= 2}
                  fullscreen
                  onToggleFullscreen={onClose}
                />
              </div>
            ))}
          </div>
        </div>
      )}
    </div>,
    document.body,
  );
}
