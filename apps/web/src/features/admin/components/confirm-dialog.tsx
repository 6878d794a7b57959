import type { ReactNode } from "react";
import { Button } from "../../../shared/ui/button.tsx";
import { Dialog } from "../../../shared/ui/dialog.tsx";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** The button that closes without acting; "Cancel" unless that would read like the action (e.g. "Cancel order"). */
  dismissLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  children?: ReactNode;
}

/** Asks before a destructive admin action; the confirm button names what it does. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, dismissLabel = "Cancel", pending, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {dismissLabel}
          </Button>
          <Button className="bg-red-600 hover:bg-red-500" disabled={pending} onClick={onConfirm}>
            {pending ? "Working..." : confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
