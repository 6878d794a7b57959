import { Button } from "../../../../shared/ui/button.tsx";

/** Shown when a save was refused because another admin saved the product first (409). */
export function StaleVersionAlert({ onReload }: { onReload: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm text-amber-100">
      <span>Another admin changed this product after you opened it. Your changes were not saved. Reload to see their version, then make your changes again.</span>
      <Button size="sm" variant="inverse" onClick={onReload}>
        Reload
      </Button>
    </div>
  );
}
