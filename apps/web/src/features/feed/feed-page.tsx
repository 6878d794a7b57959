import type { FeedItem } from "@reelmart/core/api/feed";
import { SEARCH_MAX_LIMIT } from "@reelmart/core/constants";
import { rankSearchCandidates } from "@reelmart/core/feed-search";
import { SearchX, VideoOff } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useMarketplace } from "../../shared/marketplace/use-marketplace.ts";
import { useProductSearch } from "../../shared/search/api/search-products.ts";
import { EmptyState } from "../../shared/ui/empty-state.tsx";
import { LoadError } from "../../shared/ui/load-error.tsx";
import { onFirstScreenPainted, useAnnounceFirstScreen } from "../../shared/ui/first-screen.ts";
import { Spinner } from "../../shared/ui/spinner.tsx";
import { feedItems, useFeed } from "./api/get-feed.ts";
import { removeBootPoster } from "./boot-poster.ts";
import { FeedHeader, PullHint } from "./feed-header.tsx";
import { FeedList } from "./feed-list.tsx";
import { visitSeed } from "./feed-seed.ts";
import { useFeedNavigation } from "./use-feed-navigation.ts";
import { useMediaSession } from "./use-media-session.ts";
import { usePullToRefresh } from "./use-pull-to-refresh.ts";
import { cardMedia } from "@reelmart/core/feed-order";

/** Fetch the next page when the viewer is this close to the end of what is loaded. */
const PREFETCH_REMAINING = 3;

const searchFields = (item: FeedItem) => ({ title: item.title, brandName: item.brand?.name ?? null, category: item.category, description: item.description });

/** The home page: a full-height vertical feed of product videos (001 §2 "Video feed"). */
export function FeedPage() {
  const [params, setParams] = useSearchParams();
  const similarTo = params.get("similar");
  const { selectedId } = useMarketplace();
  const [seed] = useState(visitSeed);
  const feed = useFeed({ marketplaceId: selectedId, seed, similarTo });
  const [term, setTerm] = useState("");

  const loaded = useMemo(() => feedItems(feed.data?.pages), [feed.data]);
  // A term searches the whole catalogue on the server (typos forgiven, issue #16); the client
  // ranking of 001 §5 then orders the server's candidates.
  const search = useProductSearch({ q: term, marketplaceId: selectedId, limit: SEARCH_MAX_LIMIT });
  const candidates = useMemo(() => (term ? (search.data?.pages[0]?.items ?? []) : loaded), [term, search.data, loaded]);
  const playable = useMemo(() => candidates.filter((item) => cardMedia(item)?.url), [candidates]);
  const items = useMemo(() => rankSearchCandidates(playable, term, searchFields), [playable, term]);
  const { current, setCurrent, scroller, setScroller, players, scrollToIndex } = useFeedNavigation(items);
  const refresh = useCallback(() => feed.refetch(), [feed]);
  const pull = usePullToRefresh(scroller, refresh, loaded.length);
  // Media keys and the lock screen may act while the page is hidden, when scroll events and frames
  // wait: the index is read from the scroll position and the next player is started directly.
  const step = useCallback(
    (delta: 1 | -1) => {
      if (!scroller) return;
      const index = Math.min(Math.max(Math.round(scroller.scrollTop / Math.max(scroller.clientHeight, 1)) + delta, 0), items.length - 1);
      scrollToIndex(index, "instant");
      const item = items[index];
      if (item) players.current.get(item.id)?.playNow();
    },
    [scroller, items, scrollToIndex, players],
  );
  useMediaSession(items[current], { step, hasNext: current < items.length - 1, hasPrevious: current > 0 });

  // A new term (or leaving the search) starts again from the first item (001 §4).
  const applyTerm = useCallback(
    (next: string) => {
      setTerm(next);
      setCurrent(0);
      scrollToIndex(0, "instant");
    },
    [scrollToIndex, setCurrent],
  );

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  const wantMore = !term && current >= items.length - PREFETCH_REMAINING;
  useEffect(() => {
    if (wantMore && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [wantMore, hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body: ReactNode;
  // Offline, React Query pauses the request instead of failing it: that is an error state too.
  const offline = feed.fetchStatus === "paused" && loaded.length === 0;
  useAnnounceFirstScreen(!feed.isPending || offline);
  // The boot script's copy of the first poster stays until the card itself has painted under it
  // (without a render of the feed for it: the signal's transition may wait for the neighbours).
  useEffect(() => onFirstScreenPainted(removeBootPoster), []);
  useEffect(() => removeBootPoster, []);
  if (feed.isPending && !offline) {
    body = <Spinner label="Loading videos" className="h-full" />;
  } else if ((feed.isError || offline) && loaded.length === 0) {
    body = (
      <Centered>
        <LoadError what="products" error={feed.error} onRetry={() => void feed.refetch()} />
      </Centered>
    );
  } else if (loaded.length === 0) {
    body = (
      <Centered>
        <EmptyState icon={<VideoOff />} title="No products available" />
      </Centered>
    );
  } else if (term && search.isPending) {
    body = <Spinner label="Searching videos" className="h-full" />;
  } else if (term && search.isError) {
    body = (
      <Centered>
        <LoadError what="search results" error={search.error} onRetry={() => void search.refetch()} />
      </Centered>
    );
  } else if (candidates.length > 0 && playable.length === 0) {
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
    body = <FeedList items={items} current={current} scrollerRef={setScroller} players={players} loadingMore={isFetchingNextPage} />;
  }

  const showAll = () => {
    params.delete("similar");
    setParams(params, { replace: true });
  };
  return (
    <div className="relative h-full overflow-hidden bg-black">
      <PullHint state={pull} />
      <div
        className="h-full transition-transform duration-200 ease-out"
        style={pull.phase === "idle" ? undefined : { transform: `translateY(${pull.phase === "pulling" ? pull.distance : 56}px)`, transition: pull.phase === "pulling" ? "none" : undefined }}
      >
        {body}
      </div>
      <FeedHeader term={term} onTermChange={applyTerm} resultCount={items.length} onShowAll={similarTo ? showAll : null} />
    </div>
  );
}

function Centered({ children }: { children: ReactNode }) {
  return <div className="flex h-full items-center justify-center">{children}</div>;
}
