import { Download, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../shared/ui/button.tsx";

/** Chromium's install prompt event (not in the DOM typings). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * 000 §2: shown when the browser offers installation, hidden once installed (or dismissed); in the
 * flow above the page, never over content or controls (issue #20). Chromium makes its offer during
 * the load (once the worker controls the page), and a banner appearing then pushes the page down: a
 * 0.069 layout shift on / (issue #14's budget is 0.05). So the banner appears with the shopper's next
 * tap or key press after the offer, once that input has done what it was aimed at: a shift right
 * after an input is expected and not counted (decision 094).
 */
export function InstallBanner() {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [revealed, setRevealed] = useState(false);

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

  useEffect(() => {
    if (!promptEvent || revealed) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the input's own handlers (a task later), so the page moves only once the tap has landed.
    const reveal = () => (timer ??= setTimeout(() => setRevealed(true)));
    document.addEventListener("click", reveal, true);
    document.addEventListener("keydown", reveal, true);
    return () => {
      document.removeEventListener("click", reveal, true);
      document.removeEventListener("keydown", reveal, true);
      clearTimeout(timer);
    };
  }, [promptEvent, revealed]);

  if (!promptEvent || !revealed) return null;

  const install = async () => {
    await promptEvent.prompt();
    await promptEvent.userChoice;
    // The event can be used once; after a dismissal the browser fires a new one when it offers again.
    setPromptEvent(null);
  };

  return (
    <div role="region" aria-label="Install app" className="shrink-0 border-b border-white/10 bg-neutral-900 px-3 pt-[calc(env(safe-area-inset-top)+0.5rem)] pb-2">
      <div className="flex items-center gap-3">        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 rounded-xl" />
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
