import type { Media } from "@reelmart/core/api/catalog";
import type { QualityChoice } from "@reelmart/core/quality";
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { toast } from "../ui/toast.ts";
import { useMediaEvents } from "../ui/use-media-events.ts";
import { useMuted } from "./mute-store.ts";
import { startedPlaying, stoppedPlaying } from "./one-playing-video.ts";
import { PlayerControls, PlayerStatus, ProgressBar } from "./player-overlays.tsx";
import { useRecordView } from "./api/record-view.ts";
import { useAutoplay, useProgressPolling } from "./use-playback.ts";
import { usePosterSource } from "./use-poster-source.ts";
import { useQualitySource } from "./use-quality-source.ts";
import { useRetainedSource } from "./use-retained-source.ts";
import { VideoPoster } from "./video-poster.tsx";

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

/** A product video filling its card: the poster, the video at the chosen quality, what the player says over them, and its controls. */
export function VideoPlayer({ media, productThumbnailUrl, label, load, captureThumbnail, fullscreen, onToggleFullscreen, ref }: VideoPlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const progressBar = useRef<HTMLDivElement>(null);
  const muted = useMuted();
  const recordView = useRecordView();
  const { choice, setChoice, levels, level, src } = useQualitySource(media);
  const hasSource = useRetainedSource(load !== "none");
  const { posterSrc, markBroken } = usePosterSource(media, productThumbnailUrl, captureThumbnail);
  const [userPaused, setUserPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [hasFrame, setHasFrame] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [failed, setFailed] = useState(false);
  // Where to resume after the source changes (quality switch, network change, reload after unload).
  const position = useRef(0);
  const switching = useRef(false);

  // timeupdate fires only every ~250 ms; read the exact position at the moment of the switch.
  const chooseQuality = (next: QualityChoice) => {
    if (video.current) position.current = video.current.currentTime;
    setChoice(next);
  };

  // Events a media element fired before it was mounted (created in a transition's render) are read from its state on mount.
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

  useEffect(() => () => stoppedPlaying(video.current), []);

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
      {posterSrc && <VideoPoster src={posterSrc} current={load === "play"} lazy={load === "none" && !captureThumbnail} onBroken={markBroken} />}
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
          onPlay={(event) => startedPlaying(event.currentTarget)}
          onPause={(event) => {
            setPlaying(false);
            stoppedPlaying(event.currentTarget);
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
