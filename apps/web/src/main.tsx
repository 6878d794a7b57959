import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import "./styles.css";

const root = createRoot(document.getElementById("root")!);
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
