import { FEED_SEARCH_DEBOUNCE_MS } from "@reelmart/core/feed-search";
import { Search, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "../../shared/ui/button.tsx";

/**
 * The expandable search box at the top of the feed (001 §2): an icon that opens an input; the term
 * is reported 300 ms after the last keystroke (001 §9).
 */
export function FeedSearchBox({ term, onTermChange }: { term: string; onTermChange(term: string): void }) {
  const [open, setOpen] = useState(term !== "");
  const [draft, setDraft] = useState(term);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(onTermChange);
  useEffect(() => {
    latest.current = onTermChange;
  });

  // Clear from the banner resets the box too.
  useEffect(() => {
    setDraft(term);
  }, [term]);

  useEffect(() => {
    if (draft === term) return;
    const timer = setTimeout(() => latest.current(draft), FEED_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, term]);

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <Button
        variant="bare"
        aria-label="Search videos"
        aria-expanded={false}
        onClick={() => setOpen(true)}
        className="flex size-10 items-center justify-center rounded-full bg-black/40 text-white backdrop-blur-sm"
      >
        <Search className="size-5" aria-hidden />
      </Button>
    );
  }
  return (
    <form role="search" className="flex h-10 w-full items-center gap-2 rounded-full bg-black/60 pr-1 pl-3 text-white ring-1 ring-white/15 backdrop-blur-md" onSubmit={(event) => {
      event.preventDefault();
      onTermChange(draft);
      input.current?.blur();
    }}>
      <Search className="size-4 shrink-0 text-white/70" aria-hidden />
      <input
        ref={input}
        type="search"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          // Keep the feed's arrow/space/M shortcuts out of the text field.
          event.stopPropagation();
          if (event.key === "Escape") {
            setDraft("");
            onTermChange("");
            setOpen(false);
          }
        }}
        placeholder="Search videos..."
        aria-label="Search videos"
        enterKeyHint="search"
        className="min-w-0 flex-1 bg-transparent text-sm placeholder:text-white/60 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <Button
        variant="bare"
        aria-label="Close search"
        onClick={() => {
          setDraft("");
          onTermChange("");
          setOpen(false);
        }}
        className="flex size-8 items-center justify-center rounded-full hover:bg-white/10"
      >
        <X className="size-4" aria-hidden />
      </Button>
    </form>
  );
}
