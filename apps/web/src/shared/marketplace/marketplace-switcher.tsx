import { Globe } from "lucide-react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { toast } from "../ui/toast.ts";
import { useSession } from "../session/use-session.ts";
import { readMarketplaceDialogState, recordMarketplaceDialogShown } from "./marketplace-dialog-state.ts";
import { calendarDay, marketplaceShortName, resolveSelectedId, shouldOpenMarketplaceDialog } from "./marketplace-rules.ts";
import { getSelectedMarketplaceId, setSelectedMarketplaceId } from "./marketplace-store.ts";
import { useMarketplacePreference } from "./api/get-marketplace-preference.ts";
import { useMarketplaceList } from "./api/get-marketplaces.ts";
import { useMarketplace } from "./use-marketplace.ts";
import { Button } from "../ui/button.tsx";
import { useFirstScreenPainted } from "../ui/first-screen.ts";

const MarketplacePickerDialog = lazy(async () => ({
  default: (await import("./marketplace-picker-dialog.tsx")).MarketplacePickerDialog,
}));

/**
 * Mounted once in the root layout: the top-right badge, the picker dialog, and the start-up work
 * (drop a stale stored id, apply the account's preference, decide whether the dialog opens).
 */
export function MarketplaceSwitcher() {
  const [open, setOpen] = useState(false);
  // The dialog's chunk loads on first use and then stays mounted so closing can animate.
  const [wanted, setWanted] = useState(false);
  const { selected } = useMarketplace();
  const openChange = useCallback((next: boolean) => {
    if (next) setWanted(true);
    setOpen(next);
  }, []);
  useMarketplaceStartup(openChange);

  return (
    <>
      <Button
        variant="bare"
        onClick={() => openChange(true)}
        aria-label={selected ? `Marketplace: ${selected.name}. Change marketplace` : "Choose a marketplace"}
        title={selected?.name}
        data-testid="marketplace-badge"
        // Small and of fixed width (000 §2 "a small badge"): page headers keep --badge-space free for it.
        className="absolute top-[calc(env(safe-area-inset-top)+0.75rem)] right-3 z-30 flex h-8 max-w-(--badge-width) items-center gap-1.5 rounded-full border border-white/15 bg-black/60 pr-2.5 pl-1.5 text-xs font-semibold tracking-wide text-white shadow-lg backdrop-blur-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {selected ? (
          <img src={selected.flagUrl} alt="" width={20} height={14} className="h-3.5 w-5 shrink-0 rounded-[2px] object-cover" />
        ) : (
          <Globe aria-hidden="true" className="size-4 shrink-0" />
        )}
        <span aria-hidden="true" className="truncate">
          {selected ? marketplaceShortName(selected.name) : "Shop"}
        </span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <MarketplacePickerDialog open={open} onOpenChange={openChange} />
        </Suspense>
      ) : null}
    </>
  );
}

/** 000 §4 and §8: reconcile the stored id, apply the saved preference, open the dialog if the rules say so. */
function useMarketplaceStartup(setOpen: (open: boolean) => void) {
  const session = useSession();
  const signedIn = session.status === "signed-in";
  const list = useMarketplaceList();
  const preference = useMarketplacePreference(signedIn);
  // The first visit's dialog opens over the first card once it has painted, not before it (issue #14).
  const firstScreenPainted = useFirstScreenPainted();
  const decided = useRef(false);

  // One toast per failure however many times the list is asked again (each screen that mounts a
  // list observer retries an errored query): a later failure replaces it.
  useEffect(() => {
    if (list.isError) toast.error("Failed to load marketplaces", { id: "marketplaces-failed" });
  }, [list.isError, list.errorUpdatedAt]);

  // Runs when the list or the saved preference changes (not on every render, so a choice that failed
  // to save is not reverted): a stale stored id is dropped and the account's preference wins.
  const preferenceId = signedIn ? (preference.data?.marketplaceId ?? null) : null;
  const preferenceSettled = !signedIn || !preference.isPending;
  useEffect(() => {
    if (!list.isSuccess || session.status === "loading" || !preferenceSettled) return;
    const stored = getSelectedMarketplaceId();
    const resolved = resolveSelectedId(stored, preferenceId, list.data.map((marketplace) => marketplace.id));
    if (resolved !== stored) setSelectedMarketplaceId(resolved);
    if (decided.current || !firstScreenPainted) return;
    decided.current = true;
    const today = calendarDay(new Date());
    const opens = shouldOpenMarketplaceDialog({
      marketplaceCount: list.data.length,
      selectedId: resolved,
      savedPreferenceId: preferenceId,
      lastShownDay: readMarketplaceDialogState().lastShownDay,
      today,
    });
    if (!opens) return;
    recordMarketplaceDialogShown(today);
    setOpen(true);
  }, [list.isSuccess, list.data, session.status, preferenceSettled, preferenceId, setOpen, firstScreenPainted]);
}
