import { type RefObject, useEffect } from "react";
import { toast } from "../ui/toast.ts";
import { setMuted } from "./mute-store.ts";

const PROGRESS_POLL_MS = 100;
const RESTART_AT = 0.99;

/**
 * Plays the video while `shouldPlay` holds (again after each source change) and pauses it otherwise.
 * Autoplay with sound refused: fall back to muted (001 §4), then to the tap-to-play overlay (`onBlocked`).
 */
export function useAutoplay(video: RefObject<HTMLVideoElement | null>, shouldPlay: boolean, source: { src: string; attached: boolean }, onBlocked: () => void) {
  const { src, attached } = source;
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (!shouldPlay) {
      element.pause();
      return;
    }
    let cancelled = false;
    const blockedByBrowser = (error: unknown) => error instanceof DOMException && error.name === "NotAllowedError";
    element
      .play()
      .catch((error: unknown) => {
        if (!blockedByBrowser(error) || element.muted || cancelled) throw error;
        setMuted(true, { persist: false });
        element.muted = true;
        return element.play();
      })
      .catch((error: unknown) => {
        if (cancelled || !blockedByBrowser(error)) return;
        onBlocked();
        toast("Tap to play video", { id: "autoplay-blocked", description: "Autoplay blocked by your browser" });
      });
    return () => {
      cancelled = true;
    };
    // onBlocked is a state setter's wrapper; a new one each render must not restart playback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, shouldPlay, src, attached]);
}

/**
 * Progress is polled every 100 ms while playing (001 §9) and drawn without re-rendering; at 99% the
 * video restarts (001 §4) so the loop never shows the last, often black, frames.
 */
export function useProgressPolling(video: RefObject<HTMLVideoElement | null>, bar: RefObject<HTMLDivElement | null>, playing: boolean) {
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      const element = video.current;
      if (!element || !element.duration) return;
      const progress = element.currentTime / element.duration;
      if (bar.current) bar.current.style.transform = `scaleX(${progress})`;
      bar.current?.parentElement?.setAttribute("aria-valuenow", String(Math.round(progress * 100)));
      if (progress >= RESTART_AT) element.currentTime = 0;
    }, PROGRESS_POLL_MS);
    return () => clearInterval(timer);
  }, [video, bar, playing]);
}
