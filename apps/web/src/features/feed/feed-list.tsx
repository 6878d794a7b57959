import type { FeedItem } from "@reelmart/core/api/feed";
import { THUMBNAIL_EAGER_COUNT } from "@reelmart/core/thumbnails";
import { Loader2 } from "lucide-react";
import type { RefObject } from "react";
import { useFirstScreenPainted } from "../../shared/ui/first-screen.ts";
import { PRELOAD_NEIGHBOURS, playerLoadFor } from "../../shared/video/playback-window.ts";
import type { VideoPlayerHandle } from "../../shared/video/video-player.tsx";
import { VideoCard } from "./video-card.tsx";

/** Cards rendered around the current one; the rest are empty snap slots, so a long feed stays light. */
const RENDER_WINDOW = PRELOAD_NEIGHBOURS + 1;

interface FeedListProps {
  items: readonly FeedItem[];
  current: number;
  scrollerRef(element: HTMLDivElement | null): void;
  players: RefObject<Map<string, VideoPlayerHandle>>;
  loadingMore: boolean;
}

/** The snap-scrolling column of full-height video cards. */
export function FeedList({ items, current, scrollerRef, players, loadingMore }: FeedListProps) {
  // The current card alone until the first screen has painted, then its neighbours: the first
  // screen's work (and its long task on a slow phone) is one card, not five (issue #14).
  const renderWindow = useFirstScreenPainted() ? RENDER_WINDOW : 0;
  return (
    <div
      ref={scrollerRef}
      aria-label="Video feed"
      className="h-full snap-y snap-mandatory overflow-y-auto overscroll-y-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
    >
      {items.map((item, index) =>
        Math.abs(index - current) <= renderWindow ? (
          <section key={item.id} className="relative h-full snap-start snap-always" aria-roledescription="video" aria-current={index === current || undefined}>
            <VideoCard
              item={item}
              load={playerLoadFor(index, current)}
              captureThumbnail={index < THUMBNAIL_EAGER_COUNT || Math.abs(index - current) <= PRELOAD_NEIGHBOURS}
              playerRef={(handle) => {
                if (handle) players.current.set(item.id, handle);
                else players.current.delete(item.id);
              }}
            />
          </section>
        ) : (
          <div key={item.id} className="h-full snap-start snap-always" aria-hidden />
        ),
      )}
      {loadingMore && (
        <div className="flex h-16 snap-end items-center justify-center">
          <Loader2 className="size-6 animate-spin text-neutral-400" aria-label="Loading more videos" />
        </div>
      )}
    </div>
  );
}
