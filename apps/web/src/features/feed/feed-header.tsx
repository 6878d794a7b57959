import { searchResultLabel } from "@reelmart/core/feed-search";
import { isPullArmed } from "@reelmart/core/gestures";
import { ArrowDown, RefreshCw } from "lucide-react";
import { Button } from "../../shared/ui/button.tsx";
import { FeedSearchBox } from "./feed-search-box.tsx";
import type { PullState } from "./use-pull-to-refresh.ts";

interface FeedHeaderProps {
  term: string;
  onTermChange(term: string): void;
  resultCount: number;
  /** Set when the feed shows products similar to one: offers the way back to the whole feed. */
  onShowAll: (() => void) | null;
}

/** What floats over the top of the feed: the search box, the 'similar' chip and the search result line. */
export function FeedHeader({ term, onTermChange, resultCount, onShowAll }: FeedHeaderProps) {
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-30 flex flex-col gap-2 px-3 pt-[max(0.75rem,env(safe-area-inset-top))]">
      {/* Leaves room for the marketplace switcher the shell draws at the top right. */}
      <div className="pointer-events-auto mr-(--badge-space)">
        <FeedSearchBox term={term} onTermChange={onTermChange} />
      </div>
      {onShowAll && (
        <Button
          variant="bare"
          onClick={onShowAll}
          className="pointer-events-auto self-start rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur-md"
        >
          Similar products · Show all
        </Button>
      )}
      {term && (
        // Stops short of the video's control column (mute, quality, fullscreen) at the right edge.
        <div role="status" className="pointer-events-auto mr-(--video-controls-space) flex items-center justify-between gap-3 rounded-full bg-black/60 py-1.5 pr-1.5 pl-4 text-sm text-white backdrop-blur-md">
          <span className="truncate">{searchResultLabel(term, resultCount)}</span>
          <Button variant="bare" onClick={() => onTermChange("")} className="rounded-full bg-white/15 px-3 py-1 text-xs font-semibold hover:bg-white/25">
            Clear
          </Button>
        </div>
      )}
    </div>
  );
}

/** The pull-to-refresh line above the feed while a pull is under way. */
export function PullHint({ state }: { state: PullState }) {
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
