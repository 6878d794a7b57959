import { formatCount } from "@reelmart/core/format";
import { Bookmark, Heart, MessageCircle, Share2 } from "lucide-react";
import { type ReactNode, Suspense, lazy, useState } from "react";
import { type SaveableProduct, useSaved } from "../saved/use-saved.ts";
import type { EngagementMedia } from "./api/get-engagement.ts";
import type { LikeToggle } from "./api/like-media.ts";
import { Button } from "../ui/button.tsx";

// The drawers (and the drawer library under them) are not part of the feed's first load: they are
// fetched when a finger or the focus reaches the comment or share button, a moment before the click
// that opens one. Not in the background: evaluating them between the two taps of a double tap
// delayed the second past the 300 ms window on a loaded phone.
const loadCommentsDrawer = () => import("./comments-drawer.tsx");
const loadShareDrawer = () => import("./share-drawer.tsx");
const CommentsDrawer = lazy(async () => ({ default: (await loadCommentsDrawer()).CommentsDrawer }));
const ShareDrawer = lazy(async () => ({ default: (await loadShareDrawer()).ShareDrawer }));

const prefetchDrawers = () => void Promise.all([loadCommentsDrawer(), loadShareDrawer()]);

export interface ActionRailProps {
  /** null when the card has no media row: like, comment and share are disabled with the spec's tooltip. */
  media: EngagementMedia | null;
  product: SaveableProduct & { title?: string };
  /**
   * The card's like toggle (`useLikeToggle(media)`), which also carries the media's engagement: the
   * card's double tap and this rail share one, so a card subscribes to its media once (issue #14:
   * every observer and topic a card starts is work in the commit that first shows it).
   */
  like: LikeToggle;
  className?: string;
}

const NO_MEDIA = "Unable to like/comment/share - media data unavailable";

/** The right-side rail of a video card (001 §2): like, comment, share and save with counts. */
export function ActionRail({ media, product, like, className }: ActionRailProps) {
  const { engagement } = like;
  const saved = useSaved();
  const [drawer, setDrawerState] = useState<"comments" | "share" | null>(null);
  // Mounted from the first opening on, so closing still animates.
  const [drawersMounted, setDrawersMounted] = useState(false);
  const setDrawer = (next: "comments" | "share" | null) => {
    if (next) setDrawersMounted(true);
    setDrawerState(next);
  };
  const isSaved = saved.isSaved(product.id);

  return (
    <div className={`flex flex-col items-center gap-4 text-white ${className ?? ""}`}>
      <RailButton
        label={media ? (like.liked ? "Unlike" : "Like") : NO_MEDIA}
        title={media ? undefined : NO_MEDIA}
        disabled={!media}
        pressed={like.liked}
        onClick={like.toggle}
        count={like.likeCount}
      >
        <Heart className={`size-7 drop-shadow ${like.liked ? "fill-red-500 text-red-500" : ""}`} aria-hidden />
      </RailButton>
      <RailButton
        label={media ? "Comments" : NO_MEDIA}
        title={media ? undefined : NO_MEDIA}
        disabled={!media}
        onClick={() => setDrawer("comments")}
        onIntent={prefetchDrawers}
        count={engagement?.commentCount ?? 0}
      >
        <MessageCircle className="size-7 drop-shadow" aria-hidden />
      </RailButton>
      <RailButton
        label={media ? "Share" : NO_MEDIA}
        title={media ? undefined : NO_MEDIA}
        disabled={!media}
        onClick={() => setDrawer("share")}
        onIntent={prefetchDrawers}
        count={engagement?.shareCount ?? 0}
      >
        <Share2 className="size-7 drop-shadow" aria-hidden />
      </RailButton>
      <RailButton
        label={isSaved ? "Remove from saved" : "Save product"}
        title={isSaved ? "Remove from saved" : "Save product"}
        pressed={isSaved}
        onClick={() => saved.toggle(product)}
        count={engagement ? engagement.saveCount : undefined}
      >
        <Bookmark className={`size-7 drop-shadow ${isSaved ? "fill-yellow-400 text-yellow-400" : ""}`} aria-hidden />
      </RailButton>
      {media && drawersMounted && (
        <Suspense fallback={null}>
          <CommentsDrawer mediaId={media.id} productId={product.id} open={drawer === "comments"} onOpenChange={(open) => setDrawer(open ? "comments" : null)} />
          <ShareDrawer
            mediaId={media.id}
            product={product}
            posterUrl={media.thumbnailUrl}
            open={drawer === "share"}
            onOpenChange={(open) => setDrawer(open ? "share" : null)}
          />
        </Suspense>
      )}
    </div>
  );
}

function RailButton(props: {
  label: string;
  title?: string;
  disabled?: boolean;
  pressed?: boolean;
  count?: number;
  onClick(): void;
  /** Called when the press or the focus starts, ahead of the click: fetch what the click needs. */
  onIntent?(): void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="bare"
      aria-label={props.label}
      title={props.title}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onPointerDown={props.onIntent}
      onFocus={props.onIntent}
      onClick={(event) => {
        // The card underneath treats taps as play/pause and double taps as likes.
        event.stopPropagation();
        props.onClick();
      }}
      className="flex min-h-11 min-w-11 flex-col items-center gap-1 disabled:opacity-50"
    >
      {props.children}
      {props.count !== undefined && <span className="text-xs font-semibold drop-shadow">{formatCount(props.count)}</span>}
    </Button>
  );
}
