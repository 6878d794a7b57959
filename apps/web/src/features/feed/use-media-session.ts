import type { FeedItem } from "@reelmart/core/api/feed";
import { useEffect, useRef } from "react";
import { cardMedia } from "@reelmart/core/feed-order";

// The Media Session API (issue 18 item 5): the lock screen, notification shade, headset and
// keyboard media keys show the playing feed video (title, brand as artist, poster as artwork) and
// move to the next or previous video as a swipe would.

interface FeedSteps {
  /** Moves the feed by one video (+1 next, -1 previous). */
  step(delta: 1 | -1): void;
  hasNext: boolean;
  hasPrevious: boolean;
}

export function useMediaSession(item: FeedItem | undefined, { step, hasNext, hasPrevious }: FeedSteps) {
  const media = item ? cardMedia(item) : null;
  const title = media?.title ?? item?.title;
  const artist = item?.brand?.name ?? "";
  const poster = media?.thumbnailUrl ?? item?.thumbnailUrl ?? null;

  useEffect(() => {
    if (!("mediaSession" in navigator) || typeof MediaMetadata === "undefined" || !title) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({
      title,
      artist,
      album: "Reelmart",
      artwork: poster ? [{ src: new URL(poster, window.location.href).href }] : [],
    });
    return () => {
      session.metadata = null;
    };
  }, [title, artist, poster]);

  // The latest step function, so the handlers need not be set again on every render.
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  }, [step]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    const session = navigator.mediaSession;
    // A null handler hides the button: no "next" on the last loaded video, no "previous" on the first.
    const handlers: [MediaSessionAction, (() => void) | null][] = [
      ["nexttrack", hasNext ? () => stepRef.current(1) : null],
      ["previoustrack", hasPrevious ? () => stepRef.current(-1) : null],
    ];
    for (const [action, handler] of handlers) setHandler(session, action, handler);
    return () => {
      for (const [action] of handlers) setHandler(session, action, null);
    };
  }, [hasNext, hasPrevious]);
}

/** Browsers throw for actions they do not support; such a browser simply shows no button. */
function setHandler(session: MediaSession, action: MediaSessionAction, handler: (() => void) | null) {
  try {
    session.setActionHandler(action, handler);
  } catch {
    // swallowed: an unsupported action.
  }
}
