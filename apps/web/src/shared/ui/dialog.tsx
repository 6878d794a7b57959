import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children?: ReactNode;
  /**
   * The dialog's buttons, kept in view under the body, which scrolls when the dialog is taller than
   * the window. A form's submit button here names its form (`form={id}`).
   */
  footer?: ReactNode;
}

/**
 * A centred modal sized for the phone column, with the title and description wired for screen readers.
 * It is never taller than the window: the title and the footer stay put and the body between them scrolls.
 */
export function Dialog({ open, onOpenChange, title, description, children, footer }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <RadixDialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[calc(100%-2rem)] max-w-[400px] -translate-x-1/2 -translate-y-1/2 flex-col rounded-2xl border border-neutral-800 bg-neutral-950 shadow-2xl focus:outline-none data-[state=open]:animate-[fade-in_150ms_ease-out]"
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="shrink-0 px-5 pt-5 pr-13 pb-3">
            <RadixDialog.Title className="text-lg font-semibold wrap-break-word text-white">{title}</RadixDialog.Title>
            {description ? <RadixDialog.Description className="mt-1 text-sm wrap-break-word text-neutral-400">{description}</RadixDialog.Description> : null}
          </div>
          {children ? <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 pt-1 pb-5">{children}</div> : null}
          {footer ? <div className="flex shrink-0 flex-wrap justify-end gap-2 border-t border-neutral-800 px-5 py-4">{footer}</div> : null}
          <RadixDialog.Close
            aria-label="Close"
            className="absolute top-4 right-4 rounded-full p-1 text-neutral-400 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
