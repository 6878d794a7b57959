import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { Button } from "./button.tsx";

/** Back within the app, or home when the page was opened directly (no in-app history to return to). */
export function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate("/", { replace: true });
  };
}

/**
 * A sticky title bar with a back button; `actions` sit on the right, clear of the marketplace badge
 * the shell pins to the top right of every page (000 §2).
 */
export function PageHeader({ title, actions, back = true }: { title: string; actions?: ReactNode; back?: boolean }) {
  const goBack = useGoBack();
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-1 border-b border-neutral-900 bg-[#0b0b0f]/90 pr-(--badge-space) pl-2 backdrop-blur">
      {back ? (
        <Button
          variant="bare"
          aria-label="Go back"
          onClick={goBack}
          className="rounded-full p-2 text-neutral-200 hover:bg-neutral-800 focus-visible:outline-2 focus-visible:outline-white"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
        </Button>
      ) : null}
      {/* Two lines before it is cut: long product titles stay readable beside the actions. */}
      <h1 className={`line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold break-words ${back ? "" : "pl-2"}`}>{title}</h1>
      {actions}
    </header>
  );
}

/** A page whose subject does not exist: '{title}' with a 'Go Back' button (001 §2, product profile). */
export function NotFoundWithBack({ title }: { title: string }) {
  const goBack = useGoBack();
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      <Button variant="inverse" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}
