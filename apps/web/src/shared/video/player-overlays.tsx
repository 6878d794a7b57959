import type { QualityChoice } from "@reelmart/core/quality";
import { Loader2, Maximize, Minimize, Play, Volume2, VolumeX } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "../ui/button.tsx";
import { toggleMuted } from "./mute-store.ts";
import { QualityMenu } from "./quality-menu.tsx";

interface PlayerStatusProps {
  failed: boolean;
  /** The picture shown instead of a failed video, if any. */
  hasPoster: boolean;
  waiting: boolean;
  paused: boolean;
  /** Autoplay was refused: a full-size 'Tap to play video' button. */
  blocked: boolean;
  onTapToPlay(): void;
}

/** What the player says over the picture: failure, buffering, paused, or autoplay refused. */
export function PlayerStatus({ failed, hasPoster, waiting, paused, blocked, onTapToPlay }: PlayerStatusProps) {
  return (
    <>
      {failed && (
        <p role="status" className="absolute inset-x-6 top-1/2 -translate-y-1/2 rounded-lg bg-black/70 px-4 py-3 text-center text-sm text-white">
          {hasPoster ? "Video unavailable - using thumbnail" : "Media unavailable"}
        </p>
      )}
      {waiting && (
        <div role="status" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <Loader2 className="size-10 animate-spin text-white/90 drop-shadow" aria-hidden />
          <span className="sr-only">Loading video</span>
        </div>
      )}
      {paused && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <span className="flex size-20 items-center justify-center rounded-full bg-black/40 backdrop-blur-sm">
            <Play className="ml-1 size-10 fill-white text-white" aria-hidden />
          </span>
          <span className="sr-only">Paused</span>
        </div>
      )}
      {blocked && (
        <Button
          variant="bare"
          data-gesture-ignore
          onClick={onTapToPlay}
          className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-black/50 text-white"
        >
          <span className="flex size-20 items-center justify-center rounded-full bg-white/20 backdrop-blur-sm">
            <Play className="ml-1 size-10 fill-white" aria-hidden />
          </span>
          <span className="text-base font-medium">Tap to play video</span>
        </Button>
      )}
    </>
  );
}

interface PlayerControlsProps {
  muted: boolean;
  levels: number[];
  choice: QualityChoice;
  activeLevel: number | null;
  onChooseQuality(choice: QualityChoice): void;
  fullscreen: boolean;
  onToggleFullscreen(): void;
}

/** The column of round buttons at the right: mute, quality, fullscreen. */
export function PlayerControls({ muted, levels, choice, activeLevel, onChooseQuality, fullscreen, onToggleFullscreen }: PlayerControlsProps) {
  return (
    // Below the app's top-right header controls (the marketplace switcher).
    <div className="absolute top-[calc(max(0.75rem,env(safe-area-inset-top))+3.5rem)] right-(--video-controls-inset) z-20 flex flex-col gap-2" data-gesture-ignore>
      <ControlButton label="Mute" pressed={muted} onClick={toggleMuted}>
        {muted ? <VolumeX className="size-5" aria-hidden /> : <Volume2 className="size-5" aria-hidden />}
      </ControlButton>
      {levels.length > 0 && <QualityMenu levels={levels} choice={choice} activeLevel={activeLevel} onChoose={onChooseQuality} />}
      <ControlButton label={fullscreen ? "Exit fullscreen" : "Enter fullscreen"} onClick={onToggleFullscreen}>
        {fullscreen ? <Minimize className="size-5" aria-hidden /> : <Maximize className="size-5" aria-hidden />}
      </ControlButton>
    </div>
  );
}

function ControlButton(props: { label: string; pressed?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <Button variant="bare" size="icon" aria-label={props.label} aria-pressed={props.pressed} onClick={props.onClick} className="rounded-full bg-black/40 text-white backdrop-blur-sm">
      {props.children}
    </Button>
  );
}

/** The thin bar along the bottom; the player moves `barRef` itself, without re-rendering. */
export function ProgressBar({ barRef }: { barRef: Ref<HTMLDivElement> }) {
  return (
    <div role="progressbar" aria-label="Video progress" aria-valuemin={0} aria-valuemax={100} className="absolute inset-x-0 bottom-0 z-20 h-0.5 bg-white/20">
      <div ref={barRef} className="h-full origin-left scale-x-0 bg-white" />
    </div>
  );
}
