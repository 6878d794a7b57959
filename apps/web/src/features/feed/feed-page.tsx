import type { FeedItem } from "@reelmart/core/api/feed";
import { ORIENTATION_REMEASURE_MS } from "@reelmart/core/constants";
import { isPullArmed } from "@reelmart/core/gestures";
import { rankFeedItems, searchResultLabel } from "@reelmart/core/feed-search";
import { THUMBNAIL_EAGER_COUNT } from "@reelmart/core/thumbnails";
import { ArrowDown, Loader2, RefreshCw, SearchX, VideoOff } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { toggleMuted } from "../../shared/video/mute-store.ts";
import { PRELOAD_NEIGHBOURS, playerLoadFor } from "../../shared/video/playback-window.ts";
import type { VideoPlayerHandle } from "../../shared/video/video-player.tsx";
import { feedItems, useFeed } from "./api/get-feed.ts";
import { FeedSearchBox } from "./feed-search-box.tsx";
import { visitSeed } from "./feed-seed.ts";
import { type PullState, usePullToRefresh } from "./use-pull-to-refresh.ts";
import { VideoCard, cardMedia } from "./video-card.tsx";

/** Cards rendered around the current one; the rest are empty snap slots, so a long feed stays light. */
const RENDER_WINDOW = PRELOAD_NEIGHBOURS + 1;
/** Fetch the next page when the viewer is this close to the end of what is loaded. */
const PREFETCH_REMAINING = 3;
/** How many feed items a search term is matched against at most. */
const SEARCH_SCOPE = 200;

const searchFields = (item: FeedItem) => ({ title: item.title, brandName: item.brand?.name ?? null, category: item.category, description: item.description });

/** The home page: a full-height vertical feed of product videos (001 §2 "Video feed"). */
export function FeedPage() {
  const [params, setParams] = useSearchParams();
  const similarTo = params.get("similar");
  const { selectedId } = useMarketplace();
  const [seed] = useState(visitSeed);
  const feed = useFeed({ marketplaceId: selectedId, seed, similarTo });
  const [term, setTerm] = useState("");
  const [current, setCurrent] = useState(0);
  // State, not a ref: the list mounts after the first page arrives and the listeners must follow it.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const players = useRef(new Map<string, VideoPlayerHandle>());

  const loaded = useMemo(() => feedItems(feed.data?.pages), [feed.data]);
  const playable = useMemo(() => loaded.filter((item) => cardMedia(item)?.url), [loaded]);
  const items = useMemo(() => rankFeedItems(playable, term, searchFields), [playable, term]);
  const refresh = useCallback(() => feed.refetch(), [feed]);
  const pull = usePullToRefresh(scroller, refresh, loaded.length);

  const scrollToIndex = useCallback(
    (index: number, behavior: ScrollBehavior = "smooth") => scroller?.scrollTo({ top: index * scroller.clientHeight, behavior }),
    [scroller],
  );

  // A new term (or leaving the search) starts again from the first item (001 §4).
  const applyTerm = useCallback(
    (next: string) => {
      setTerm(next);
      setCurrent(0);
      scrollToIndex(0, "instant");
    },
    [scrollToIndex],
  );

  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  }, [items]);

  // Each scroll event reads which card fills the screen (snap points make it an exact multiple); the
  // new card starts playing right there, and React catches up on the next frame.
  useEffect(() => {
    const element = scroller;
    if (!element) return;
    let frame = 0;
    let shown = -1;
    const onScroll = () => {
      const index = Math.round(element.scrollTop / Math.max(element.clientHeight, 1));
      if (index !== shown) {
        shown = index;
        const item = itemsRef.current[index];
        if (item) players.current.get(item.id)?.playNow();
      }
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(index));
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener("scroll", onScroll);
    };
  }, [scroller]);

  // After a rotation the card height changes; re-align on the current card once layout settles.
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  }, [current]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const remeasure = () => {
      clearTimeout(timer);
      timer = setTimeout(() => scrollToIndex(currentRef.current, "instant"), ORIENTATION_REMEASURE_MS);
    };
    window.addEventListener("orientationchange", remeasure);
    screen.orientation?.addEventListener("change", remeasure);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("orientationchange", remeasure);
      screen.orientation?.removeEventListener("change", remeasure);
    };
  }, [scrollToIndex]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  // While searching, the client ranking (001 §5) looks at more of the feed than the pages seen so
  // far, up to a bound that keeps a phone's memory and the network in check.
  const wantMore = term ? loaded.length < SEARCH_SCOPE : current >= items.length - PREFETCH_REMAINING;
  useEffect(() => {
    if (wantMore && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [wantMore, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // Keyboard: ArrowUp/ArrowDown move between cards, Space toggles play, M mutes.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest("input, textarea, select, [role='dialog'], [role='menu']")) return;
      const active = items[current];
      if (event.key === "ArrowDown") scrollToIndex(Math.min(current + 1, items.length - 1));
      else if (event.key === "ArrowUp") scrollToIndex(Math.max(current - 1, 0));
      else if (event.key === " " && !target?.closest("button, a")) {
        if (active) players.current.get(active.id)?.togglePlay();
      } else if (event.key === "m" || event.key === "M") toggleMuted();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [current, items, scrollToIndex]);

  const header = (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-30 flex flex-col gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
      {/* Leaves room for the marketplace switcher the shell draws at the top right. */}
      <div className="pointer-events-auto mr-40">
        <FeedSearchBox term={term} onTermChange={applyTerm} />
      </div>
      {similarTo && (
        <button
          type="button"
          onClick={() => {
            params.delete("similar");
            setParams(params, { replace: true });
          }}
          className="pointer-events-auto self-start rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur-md"
        >
          Similar products · Show all
        </button>
      )}
      {term && (
        <div role="status" className="pointer-events-auto flex items-center justify-between gap-3 rounded-full bg-black/60 py-1.5 pr-1.5 pl-4 text-sm text-white backdrop-blur-md">
          <span className="truncate">{searchResultLabel(term, items.length)}</span>
          <button type="button" onClick={() => applyTerm("")} className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold hover:bg-white/25">
            Clear
          </button>
        </div>
      )}
    </div>
  );

  let body: React.ReactNode;
  if (feed.isPending) {
    body = <Spinner label="Loading videos" className="h-full" />;
  } else if (feed.isError && loaded.length === 0) {
    body = (
      <Centered>
        <EmptyState
          icon={<VideoOff />}
          title="No products available"
          description={feed.error.message}
          action={
            <button type="button" onClick={() => void feed.refetch()} className="rounded-full bg-white px-5 py-2 text-sm font-semibold text-black">
              Try again
            </button>
          }
        />
      </Centered>
    );
  } else if (loaded.length === 0) {
    body = (
      <Centered>
        <EmptyState icon={<VideoOff />} title="No products available" />
      </Centered>
    );
  } else if (playable.length === 0) {
    body = (
      <Centered>
        <EmptyState icon={<VideoOff />} title="Products found but no valid videos available" />
      </Centered>
    );
  } else if (items.length === 0) {
    body = (
      <Centered>
        <EmptyState icon={<SearchX />} title="No videos found" description="Try different keywords or check spelling" />
      </Centered>
    );
  } else {
    body = (
      <div
        ref={setScroller}
        aria-label="Video feed"
        className="h-full snap-y snap-mandatory overflow-y-auto overscroll-y-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {items.map((item, index) =>
          Math.abs(index - current) <= RENDER_WINDOW ? (
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
        {isFetchingNextPage && (
          <div className="flex h-16 snap-end items-center justify-center">
            <Loader2 className="size-6 animate-spin text-neutral-400" aria-label="Loading more videos" />
          </div>
        )}
      </div>
    );
  }

  return (
    <div className="relative h-full overflow-hidden bg-black">
      <PullHint state={pull} />
      <div
        className="h-full transition-transform duration-200 ease-out"
        style={pull.phase === "idle" ? undefined : { transform: `translateY(${pull.phase === "pulling" ? pull.distance : 56}px)`, transition: pull.phase === "pulling" ? "none" : undefined }}
      >
        {body}
      </div>
      {header}
    </div>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="flex h-full items-center justify-center">{children}</div>;
}

function PullHint({ state }: { state: PullState }) {
  if (state.phase === "idle") return null;
  const armed = state.phase === "pulling" && isPullArmed(state.distance);
  const text = state.phase === "refreshing" ? "Refreshing..." : armed ? "Release to refresh" : "Pull down to refresh";
  return (
    <div role="status" className="absolute inset-x-0 top-0 z-20 flex h-14 items-center justify-center gap-2 text-sm text-white/80">
      {state.phase === "refreshing" ? (
        <RefreshCw className="size-4 animate-spin" aria-hidden />
      ) : (
        <ArrowDown className={`size-4 transition-transform ${armed ? "rotate-180" : ""}`} aria-hidden />
      )}
      {text}
    </div>
  );
}
