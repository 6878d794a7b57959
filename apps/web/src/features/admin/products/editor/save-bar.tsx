import { Button } from "../../../../shared/ui/button.tsx";

/** The bar fixed along the bottom: whether the changes are saved, Discard and Save. */
export function SaveBar({ isNew, isDirty, saving, onDiscard }: { isNew: boolean; isDirty: boolean; saving: boolean; onDiscard: () => void }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-white/10 bg-[#0b0b0f]/95 px-4 py-3 backdrop-blur md:left-60">
      <div className="mx-auto flex max-w-6xl items-center justify-end gap-3">
        <span className="mr-auto text-sm text-neutral-400" aria-live="polite">
          {isNew ? "Not saved yet" : isDirty ? "Unsaved changes" : "All changes saved"}
        </span>
        <Button variant="outline" disabled={!isDirty || saving} onClick={onDiscard}>
          Discard
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
      </div>
    </div>
  );
}
