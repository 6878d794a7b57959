import { Plus } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "../../../../shared/ui/button.tsx";

/** The card each section of the product editor sits in. */
export const sectionClass = "flex flex-col gap-4 rounded-xl border border-white/10 bg-neutral-950 p-4 md:p-5";

/** An editor section holding a list the owner grows with its Add button (variants, specifications, highlights). */
export function ListSection({ title, addLabel, onAdd, children }: { title: string; addLabel: string; onAdd: () => void; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={sectionClass} aria-labelledby={headingId}>
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="font-semibold text-white">
          {title}
        </h2>
        <Button size="sm" variant="outline" onClick={onAdd}>
          <Plus aria-hidden="true" className="size-4" /> {addLabel}
        </Button>
      </div>
      {children}
    </section>
  );
}
