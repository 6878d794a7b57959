import { NativeDialog } from "../ui/native-dialog.tsx";
import { MarketplaceRadioList } from "./marketplace-radio-list.tsx";
import { useMarketplace } from "./use-marketplace.ts";

interface MarketplacePickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 000 §2: the shell's picker. Its own chunk, on the browser's <dialog>: it opens during the first visit's load (issue #14). */
export function MarketplacePickerDialog({ open, onOpenChange }: MarketplacePickerDialogProps) {
  const { marketplaces, selectedId, isLoading, select } = useMarketplace();

  const choose = (id: string) => {
    select(id).then(
      () => onOpenChange(false),
      // 000 §8: a failed marketplace change in the shell is only logged.
      (error: unknown) => console.error("Changing the marketplace failed", error),
    );
  };

  return (
    <NativeDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Step Into Their World"
      description="Choose a Marketplace to Enter their World and explore Products."
    >
      <MarketplaceRadioList label="Marketplaces" marketplaces={marketplaces} isLoading={isLoading} value={selectedId} onChoose={choose} />
    </NativeDialog>
  );
}
