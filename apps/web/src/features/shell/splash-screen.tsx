import { SPLASH_MIN_MS } from "@reelmart/core/constants";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMediaEvents } from "../../shared/ui/use-media-events.ts";
import { loadSplashConfig, type SplashConfig } from "./splash-config.ts";

const DEFAULT_ICON = "/icons/icon.svg";
const FADE_MS = 400;

/**
 * 000 §2: logo, brand name and 'Loading...' for at least 2 s, then a fade-out. The app renders
 * underneath meanwhile, so the feed is ready when the splash lifts. index.html paints an identical
 * static copy (#boot-splash) before any script runs; this one takes over from it in the same frame.
 */
export function SplashScreen() {
  const [config, setConfig] = useState<SplashConfig>({ name: "Reelmart", logoUrl: "/splash/logo.svg" });
  const [phase, setPhase] = useState<"showing" | "fading" | "done">("showing");
  const [logoFailed, setLogoFailed] = useState(false);
  const logo = useRef<HTMLImageElement>(null);
  // Falls back once: the default icon's own failure does not loop. Read on mount too, as the
  // splash may be created in the root's first render, a transition.
  const logoEvents = useMediaEvents(logo, { error: () => setLogoFailed(true) });

  useLayoutEffect(() => {
    document.getElementById("boot-splash")?.remove();
  }, []);

  useEffect(() => {
    let active = true;
    loadSplashConfig().then((loaded) => {
      if (active && loaded) setConfig(loaded);
      // The owner's store name (admin settings) names the tab and the installed app's window.
      if (loaded?.storeName) document.title = loaded.storeName;
    });
    const fade = window.setTimeout(() => setPhase("fading"), SPLASH_MIN_MS);
    const done = window.setTimeout(() => setPhase("done"), SPLASH_MIN_MS + FADE_MS);
    return () => {
      active = false;
      window.clearTimeout(fade);
      window.clearTimeout(done);
    };
  }, []);

  if (phase === "done") return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="splash"
      className={`fixed inset-0 z-[100] flex flex-col items-center justify-center gap-4 bg-[#0b0b0f] transition-opacity ease-out ${
        phase === "fading" ? "pointer-events-none opacity-0" : "opacity-100"
      }`}
      style={{ transitionDuration: `${FADE_MS}ms` }}
    >
      <img
        src={logoFailed ? DEFAULT_ICON : config.logoUrl}
        alt=""
        width={96}
        height={96}
        className="size-24 rounded-3xl"
        ref={logo}
        {...logoEvents}
      />
      <p className="text-2xl font-bold tracking-tight text-white">{config.name}</p>
      <p className="text-sm text-neutral-400">Loading...</p>
    </div>
  );
}
