import { X } from "lucide-react";
import { type ReactNode, type MouseEvent, useId, useLayoutEffect, useRef } from "react";

interface NativeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}

/**
 * The shared Dialog's look on the browser's own modal `<dialog>` instead of Radix (about 17 KB gzip
 * with its focus, scroll-lock and layer code): for a dialog that opens during the first page load
 * (the first visit's marketplace picker, issue #14). showModal() puts it in the top layer and makes
 * the rest of the page inert, so focus stays in it; Escape closes it (the cancel event); it is
 * named by its title and described by its description; focus returns to the opener on close; a
 * click on the backdrop closes it as a click outside Radix's does. Other dialogs keep Radix: they
 * open above vaul's drawers, which are Radix layers themselves.
 */
export function NativeDialog({ open, onOpenChange, title, description, children }: NativeDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Escape (or the browser's back gesture) closes the element itself: tell the parent, which owns `open`.
  const closed = () => {
    if (open) onOpenChange(false);
  };
  // The box fills the <dialog> element, so a click whose target is the element itself hit the backdrop.
  const clickBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onOpenChange(false);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={closed}
      onClick={clickBackdrop}
      className="m-auto max-h-[85dvh] w-[calc(100%-2rem)] max-w-[400px] overflow-visible bg-transparent p-0 text-inherit backdrop:bg-black/70 backdrop:backdrop-blur-sm open:animate-[fade-in_150ms_ease-out] backdrop:animate-[fade-in_150ms_ease-out]"
    >
      {open ? (
        <div className="relative flex max-h-[85dvh] flex-col gap-4 overflow-y-auto overscroll-contain rounded-2xl border border-neutral-800 bg-neutral-950 p-5 shadow-2xl">
          <div className="pr-8">
            <h2 id={titleId} className="text-lg font-semibold text-white">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-neutral-400">
                {description}
              </p>
            ) : null}
          </div>
          {children}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-4 rounded-full p-1 text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      ) : null}
    </dialog>
  );
}
