import { Loader2 } from "lucide-react";

/** The loading indicator for pages and sections; announced to screen readers by its label. */
export function Spinner({ label = "Loading", className = "" }: { label?: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center ${className}`}>
      <Loader2 aria-hidden="true" className="size-8 animate-spin text-neutral-400" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Fills the page area while a route's code or data loads. */
export function PageSpinner() {
  return <Spinner label="Loading page" className="h-full min-h-[50vh]" />;
}
