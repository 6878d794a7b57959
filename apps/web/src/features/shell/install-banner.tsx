import { Download, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../shared/ui/button.tsx";

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/** 000 §2: shown when the browser offers installation, hidden once installed (or dismissed). */
export function InstallBanner() {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      // Keep the browser's own mini-infobar away; our banner offers the same prompt.
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setPromptEvent(null);
    window.addEventListener("beforeinstallprompt", onPrompt);
    window.addEventListener("appinstalled", onInstalled);
    return () => {
      window.removeEventListener("beforeinstallprompt", onPrompt);
      window.removeEventListener("appinstalled", onInstalled);
    };
  }, []);

  if (!promptEvent) return null;

  const install = async () => {
    await promptEvent.prompt();
    await promptEvent.userChoice;
    // The event can be used once; after a dismissal the browser fires a new one when it offers again.
    setPromptEvent(null);
  };

  return (
    // Floating above the bottom navigation, like the browser's own mini-infobar it replaces, not in
    // the flow: Chromium fires the event during the load (once the worker controls the page), and a
    // banner pushing the page down then was a 0.069 layout shift (issue #14, CLS budget 0.05).
    <div
      role="region"
      aria-label="Install app"
      className="fixed inset-x-2 bottom-[calc(var(--bottom-nav-height)+env(safe-area-inset-bottom)+0.5rem)] z-40 mx-auto max-w-[calc(var(--app-max-width)-1rem)] animate-[fade-in_150ms_ease-out] rounded-2xl border border-white/10 bg-neutral-900/95 px-3 py-2 shadow-2xl backdrop-blur-md"
    >
      <div className="flex items-center gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-xl" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-white">Install Reelmart</p>
          <p className="truncate text-xs text-neutral-400">Add it to your home screen for quick access.</p>
        </div>
        <Button
          variant="bare"
          onClick={install}
          className="flex items-center gap-1 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          <Download aria-hidden="true" className="size-3.5" />
          Install
        </Button>
        <Button
          variant="bare"
          onClick={() => setPromptEvent(null)}
          aria-label="Dismiss install banner"
          className="rounded-full p-1 text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
        >
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </div>
  );
}
