import { useRef } from "react";
import { useMediaEvents } from "../ui/use-media-events.ts";

interface VideoPosterProps {
  src: string;
  /** The card on screen: its picture is fetched first. */
  current: boolean;
  /** A far card's picture, loaded only as it nears the screen. */
  lazy: boolean;
  /** The picture at `src` failed to load. */
  onBroken(src: string): void;
}

/** The poster picture filling the player behind the video. */
export function VideoPoster({ src, current, lazy, onBroken }: VideoPosterProps) {
  const element = useRef<HTMLImageElement>(null);
  // Events a media element fired before it was mounted (created in a transition's render) are read from its state on mount.
  const events = useMediaEvents(element, {
    error: (picture) => {
      const failedSrc = picture.getAttribute("src");
      if (failedSrc) onBroken(failedSrc);
    },
  });
  return (
    <img
      src={src}
      alt=""
      aria-hidden
      decoding="async"
      fetchPriority={current ? "high" : "auto"}
      loading={lazy ? "lazy" : "eager"}
      ref={element}
      {...events}
      className="absolute inset-0 size-full object-cover"
    />
  );
}
