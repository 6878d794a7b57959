import type { ReactNode } from "react";
import { Drawer as Vaul } from "vaul";
import { classNames } from "./class-names.ts";

interface DrawerProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Shown at the top and names the drawer for screen readers. */
  title: string;
  /** Read to screen readers only; says what the drawer is for. */
  description: string;
  /** Extra classes for the sheet, such as a height limit. */
  className?: string;
  children: ReactNode;
}

/**
 * A bottom sheet for the phone column (on vaul: drag down or tap outside to close), with its grab
 * handle, title and description in place. The body is the caller's.
 */
export function Drawer({ open, onOpenChange, title, description, className, children }: DrawerProps) {
  return (
    <Vaul.Root open={open} onOpenChange={onOpenChange}>
      <Vaul.Portal>
        <Vaul.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Vaul.Content
          className={classNames("fixed inset-x-0 bottom-0 z-50 mx-auto flex max-w-[480px] flex-col rounded-t-2xl bg-white text-gray-900", className)}
        >
          <div className="mx-auto mt-3 h-1.5 w-12 rounded-full bg-gray-300" aria-hidden />
          <Vaul.Title className="px-4 py-3 text-center text-base font-semibold">{title}</Vaul.Title>
          <Vaul.Description className="sr-only">{description}</Vaul.Description>
          {children}
        </Vaul.Content>
      </Vaul.Portal>
    </Vaul.Root>
  );
}
