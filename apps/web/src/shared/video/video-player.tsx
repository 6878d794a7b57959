import type { Media } from "@reelmart/core/api/catalog";
import { type QualityChoice, chooseQualityLevel, qualityLevel } from "@reelmart/core/quality";
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { toast } from "../ui/toast.ts";
import { useMediaEvents } from "../ui/use-media-events.ts";
import { useMuted } from "./mute-store.ts";
import { PlayerControls, PlayerStatus, ProgressBar } from "./player-overlays.tsx";
import { useVideoPoster } from "./thumbnail-capture.ts";
import { useEffectiveConnectionType } from "./use-network-type.ts";
import { useRecordView } from "./api/record-view.ts";
import { useAutoplay, useProgressPolling } from "./use-playback.ts";

/**
 * How much of the video a card may load (001 §4 "Video playback"): the current card plays, its
 * neighbours at distance 1 and 2 preload metadata, farther cards hold no source.
 */
export type PlayerLoad = "play" | "preload" | "none";

export interface VideoPlayerHandle {
  togglePlay(): void;
  /**
   * Starts a preloaded video at once, from the scroll event, instead of after the next render:
   * this is what keeps the next video within 150 ms of the swipe (DESIGN.md budgets).
   */
  playNow(): void;
  /** Hold-to-pause (long press): pause without showing the paused state, then resume. */
  hold(held: boolean): void;
}

export interface VideoPlayerProps {
  media: Media;
  /** Shown while the video has no frame, and instead of it on failure. */
  productThumbnailUrl: string | null;
  /** Accessible name of the video, e.g. the product title. */
  label: string;
  load: PlayerLoad;
  /** Whether a device-captured thumbnail may be made now (first 6 cards, or near the current one). */
  captureThumbnail: boolean;
  fullscreen: boolean;
  onToggleFullscreen(): void;
  ref?: Ref<VideoPlayerHandle>;
}

const UNLOAD_AFTER_MS = 2000;

// At most one video plays at any moment, across the feed and the fullscreen modal.
let playingVideo: HTMLVideoElement | null = null;

export function VideoPlayer({ media, productThumbnailUrl, label, load, captureThumbnail, fullscreen, onToggleFullscreen, ref }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const progressBar = useRef<HTMLDivElement>(null);
  const muted = useMuted();
  const effectiveType = useEffectiveConnectionType();
  const recordView = useRecordView();
  const [choice, setChoice] = useState<QualityChoice>("auto");
  // Starts as the effect below would set it: no second render of every card as it mounts.
  const [retained, setRetained] = useState(load !== "none");
  const [userPaused, setUserPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [hasFrame, setHasFrame] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [failed, setFailed] = useState(false);
  // The poster sources that failed: the media's poster, then the product's thumbnail, then none.
  const [brokenPosters, setBrokenPosters] = useState<readonly string[]>([]);
  // Where to resume after the source changes (quality switch, network change, reload after unload).
  const position = useRef(0);
  const switching = useRef(false);

  // timeupdate fires only every ~250 ms; read the exact position at the moment of the switch.
  const chooseQuality = (next: QualityChoice) => {
    if (video.current) position.current = video.current.currentTime;
    setChoice(next);
  };

  const levels = media.renditions.map(qualityLevel);
  const level = chooseQualityLevel(levels, choice, effectiveType);
  const src = media.renditions.find((r) => qualityLevel(r) === level)?.url ?? media.url;
  const hasSource = load !== "none" || retained;
  const poster = useVideoPoster(media, productThumbnailUrl, captureThumbnail);
  const posterSrc = [poster, productThumbnailUrl].find((url) => url && !brokenPosters.includes(url)) ?? null;
  const posterElement = useRef<HTMLImageElement>(null);
  // Events a media element fired before it was mounted (created in a transition's render) are read from its state on mount.
  const posterEvents = useMediaEvents(posterElement, {
    error: (element) => {
      const failedSrc = element.getAttribute("src");
      if (failedSrc) setBrokenPosters((list) => (list.includes(failedSrc) ? list : [...list, failedSrc]));
    },
  });
  const videoEvents = useMediaEvents(video, {
    loadeddata: () => setHasFrame(true),
    loadedmetadata: (element) => {
      if (switching.current && position.current > 0) element.currentTime = position.current;
      switching.current = false;
    },
    playing: () => {
      setPlaying(true);
      setWaiting(false);
      setHasFrame(true);
      recordView(media.id);
    },
    canplay: () => setWaiting(false),
    error: () => {
      setFailed(true);
      setWaiting(false);
      // 001 §8: with a thumbnail to fall back on it is a playback issue; with none, the video is unavailable.
      if (posterSrc) toast.error("Video playback issue", { id: `video-error-${media.id}`, description: "Showing thumbnail instead" });
      else toast.error("Video Unavailable", { id: `video-error-${media.id}` });
    },
  });

  // A card that leaves the preload range keeps its source for 2 s, so a quick swipe back is instant.
  useEffect(() => {
    if (load !== "none") {
      setRetained(true);
      return;
    }
    const timer = setTimeout(() => setRetained(false), UNLOAD_AFTER_MS);
    return () => clearTimeout(timer);
  }, [load]);

  useEffect(() => {
    if (load !== "play") {
      setUserPaused(false);
      setBlocked(false);
    }
  }, [load]);

  useEffect(() => {
    if (!hasSource) setHasFrame(false);
  }, [hasSource]);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted, hasSource]);

  useAutoplay(video, load === "play" && !userPaused && !held && !failed, { src, attached: hasSource }, () => setBlocked(true));
  useProgressPolling(video, progressBar, playing);

  useEffect(
    () => () => {
      if (playingVideo === video.current) playingVideo = null;
    },
    [],
  );

  useImperativeHandle(ref, () => ({
    togglePlay() {
      const element = video.current;
      if (!element || failed) return;
      if (blocked || element.paused) {
        setBlocked(false);
        setUserPaused(false);
        // Called from a tap, so play() is allowed even with sound.
        // swallowed: a source that fails answers through the element's error event (the failed state).
        void element.play().catch(() => {});
      } else {
        setUserPaused(true);
      }
    },
    playNow() {
      const element = video.current;
      // swallowed: a refused play() leaves the video paused with its play icon; a failing source answers through its error event.
      if (element && !failed) void element.play().catch(() => {});
    },
    hold: setHeld,
  }));

  const showPlayIcon = load === "play" && userPaused && !blocked && !failed;
  return (
    <div className="absolute inset-0 overflow-hidden bg-black">
      {posterSrc && (
        <img
          src={posterSrc}
          alt=""
          aria-hidden
          decoding="async"
          fetchPriority={load === "play" ? "high" : "auto"}
          loading={load === "none" && !captureThumbnail ? "lazy" : "eager"}
          ref={posterElement}
          {...posterEvents}
          className="absolute inset-0 size-full object-cover"
        />
      )}
      {hasSource && !failed && (
        <video
          ref={video}
          src={src}
          aria-label={label}
          playsInline
          loop
          muted={muted}
          preload={load === "play" ? "auto" : "metadata"}
          data-load={load}
          className={`absolute inset-0 size-full object-cover transition-opacity duration-150 ${hasFrame ? "opacity-100" : "opacity-0"}`}
          {...videoEvents}
          onEmptied={() => {
            switching.current = true;
            setPlaying(false);
          }}
          onTimeUpdate={(event) => {
            if (!switching.current) position.current = event.currentTarget.currentTime;
          }}
          onPlay={(event) => {
            if (playingVideo && playingVideo !== event.currentTarget) playingVideo.pause();
            playingVideo = event.currentTarget;
          }}
          onPause={(event) => {
            setPlaying(false);
            if (playingVideo === event.currentTarget) playingVideo = null;
          }}
          onWaiting={() => setWaiting(true)}
        >
          {/* WCAG 1.2.2: an admin-attached WebVTT file, shown by default since the feed starts muted. */}
          {media.captionsUrl ? <track kind="captions" src={media.captionsUrl} srcLang="en" label="English" default /> : null}
        </video>
      )}

      <PlayerStatus
        failed={failed}
        hasPoster={Boolean(posterSrc)}
        waiting={waiting && load === "play" && !failed}
        paused={showPlayIcon}
        blocked={blocked}
        onTapToPlay={() => {
          setBlocked(false);
          setUserPaused(false);
          // swallowed: a source that fails answers through the element's error event (the failed state).
          void video.current?.play().catch(() => {});
        }}
      />
      <PlayerControls
        muted={muted}
        levels={levels}
        choice={choice}
        activeLevel={level}
        onChooseQuality={chooseQuality}
        fullscreen={fullscreen}
        onToggleFullscreen={onToggleFullscreen}
      />
      <ProgressBar barRef={progressBar} />
    </div>
  );
}
