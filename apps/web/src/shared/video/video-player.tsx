import type { Media } from "@reelmart/core/api/catalog";
import { type QualityChoice, chooseQualityLevel, qualityLevel } from "@reelmart/core/quality";
import { Loader2, Maximize, Minimize, Play, Volume2, VolumeX } from "lucide-react";
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef, useState } from "react";
import { toast } from "sonner";
import { setMuted, toggleMuted, useMuted } from "./mute-store.ts";
import { QualityMenu } from "./quality-menu.tsx";
import { useVideoPoster } from "./thumbnail-capture.ts";
import { useEffectiveConnectionType } from "./use-network-type.ts";
import { useRecordView } from "./use-record-view.ts";

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

const PROGRESS_POLL_MS = 100;
const RESTART_AT = 0.99;
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
  const [retained, setRetained] = useState(false);
  const [userPaused, setUserPaused] = useState(false);
  const [held, setHeld] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [hasFrame, setHasFrame] = useState(false);
  const [blocked, setBlocked] = useState(false);
  const [failed, setFailed] = useState(false);
  const [posterBroken, setPosterBroken] = useState(0);
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
  const posterSrc = posterBroken === 0 ? poster : posterBroken === 1 && poster !== productThumbnailUrl ? productThumbnailUrl : null;

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

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (load !== "play" || userPaused || held || failed) {
      element.pause();
      return;
    }
    let cancelled = false;
    const blockedByBrowser = (error: unknown) => error instanceof DOMException && error.name === "NotAllowedError";
    element
      .play()
      .catch((error: unknown) => {
        // Autoplay with sound refused: fall back to muted (001 §4), then to the tap-to-play overlay.
        if (!blockedByBrowser(error) || element.muted || cancelled) throw error;
        setMuted(true, { persist: false });
        element.muted = true;
        return element.play();
      })
      .catch((error: unknown) => {
        if (cancelled || !blockedByBrowser(error)) return;
        setBlocked(true);
        toast("Tap to play video", { id: "autoplay-blocked", description: "Autoplay blocked by your browser" });
      });
    return () => {
      cancelled = true;
    };
  }, [load, userPaused, held, failed, src, hasSource]);

  // Progress is polled every 100 ms while playing (001 §9) and drawn without re-rendering; at 99%
  // the video restarts (001 §4) so the loop never shows the last, often black, frames.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const element = video.current;
      if (!element || !element.duration) return;
      const progress = element.currentTime / element.duration;
      if (progressBar.current) progressBar.current.style.transform = `scaleX(${progress})`;
      progressBar.current?.parentElement?.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
      if (progress >= RESTART_AT) element.currentTime = 0;
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [playing]);

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
        void element.play().catch(() => {});
      } else {
        setUserPaused(true);
      }
    },
    playNow() {
      const element = video.current;
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
          onError={() => setPosterBroken((n) => n + 1)}
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
          onLoadedData={() => setHasFrame(true)}
          onLoadedMetadata={(event) => {
            if (switching.current && position.current > 0) event.currentTarget.currentTime = position.current;
            switching.current = false;
          }}
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
          onPlaying={() => {
            setPlaying(true);
            setWaiting(false);
            setHasFrame(true);
            recordView(media.id);
          }}
          onPause={(event) => {
            setPlaying(false);
            if (playingVideo === event.currentTarget) playingVideo = null;
          }}
          onWaiting={() => setWaiting(true)}
          onCanPlay={() => setWaiting(false)}
          onError={() => {
            setFailed(true);
            setWaiting(false);
            // 001 §8: with a thumbnail to fall back on it is a playback issue; with none, the video is unavailable.
            if (posterSrc) toast.error("Video playback issue", { id: `video-error-${media.id}`, description: "Showing thumbnail instead" });
            else toast.error("Video Unavailable", { id: `video-error-${media.id}` });
          }}
        />
      )}

      {failed && (
        <p role="status" className="absolute inset-x-6 top-1/2 -translate-y-1/2 rounded-lg bg-black/70 px-4 py-3 text-center text-sm text-white">
          {posterSrc ? "Video unavailable - using thumbnail" : "Media unavailable"}
        </p>
      )}
      {waiting && load === "play" && !failed && (
        <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Loader2 className="size-10 animate-spin text-white/90 drop-shadow" aria-hidden />
          <span className="sr-only">Loading video</span>
        </div>
      )}
      {showPlayIcon && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="flex size-20 items-center justify-center rounded-full bg-black/40 backdrop-blur-sm">
            <Play className="ml-1 size-10 fill-white text-white" aria-hidden />
          </span>
          <span className="sr-only">Paused</span>
        </div>
      )}
      {blocked && (
        <button
          type="button"
          data-gesture-ignore
          onClick={() => {
            setBlocked(false);
            setUserPaused(false);
            void video.current?.play().catch(() => {});
          }}
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-black/50 text-white"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-white/20 backdrop-blur-sm">
            <Play className="ml-1 size-10 fill-white" aria-hidden />
          </span>
          <span className="text-base font-medium">Tap to play video</span>
        </button>
      )}

      {/* Below the app's top-right header controls (the marketplace switcher). */}
      <div className="absolute top-[calc(max(0.75rem,env(safe-area-inset-top))+3.5rem)] right-3 z-20 flex flex-col gap-2" data-gesture-ignore>
        <ControlButton label="Mute" pressed={muted} onClick={toggleMuted}>
          {muted ? <VolumeX className="size-5" aria-hidden /> : <Volume2 className="size-5" aria-hidden />}
        </ControlButton>
        {levels.length > 0 && <QualityMenu levels={levels} choice={choice} activeLevel={level} onChoose={chooseQuality} />}
        <ControlButton label={fullscreen ? "Exit fullscreen" : "Enter fullscreen"} onClick={onToggleFullscreen}>
          {fullscreen ? <Minimize className="size-5" aria-hidden /> : <Maximize className="size-5" aria-hidden />}
        </ControlButton>
      </div>

      <div
        role="progressbar"
        aria-label="Video progress"
        aria-valuemin={0}
        aria-valuemax={100}
        className="absolute inset-x-0 bottom-0 z-20 h-0.5 bg-white/20"
      >
        <div ref={progressBar} className="h-full origin-left scale-x-0 bg-white" />
      </div>
    </div>
  );
}

function ControlButton(props: { label: string; pressed?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={props.label}
      aria-pressed={props.pressed}
      onClick={props.onClick}
      className="flex size-10 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm"
    >
      {props.children}
    </button>
  );
}
