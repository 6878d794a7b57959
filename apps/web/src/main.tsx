import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { loadScreenFor } from "./app/router.tsx";
import "./styles.css";

/** The longest the first render waits for the first screen's code (a slow network renders the layout meanwhile). */
const FIRST_SCREEN_WAIT_MS = 1000;

const root = createRoot(document.getElementById("root")!);
// The first render once the first screen's code is in (on / the boot has preloaded it with the
// entry), so it commits with the layout instead of after a spinner (shared/navigation/lazy-screen.tsx).
// A screen whose code failed to load renders its error fallback as before.
// swallowed: the screen's own lazy load fails again when it renders, into its error fallback.
const firstScreen = loadScreenFor(window.location.pathname).catch(() => {});
void Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(() => {
  // The first render as a transition: React renders it in slices that yield to the browser instead of
  // one long task after the first paint (TBT, issue #14). Media elements it creates may fire their
  // events before they are mounted; they read their state on mount (shared/ui/use-media-events.ts).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
