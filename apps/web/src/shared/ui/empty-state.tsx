import type { ReactNode } from "react";

interface EmptyStateProps {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}

/** Centred message for empty lists and missing content. */
export function EmptyState({ icon, title, description, action }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      {icon ? <div className="text-neutral-500 [&_svg]:size-10" aria-hidden="true">{icon}</div> : null}
      <h2 className="text-lg font-semibold text-neutral-100">{title}</h2>
      {description ? <p className="max-w-xs text-sm text-neutral-400">{description}</p> : null}
      {action}
    </div>
  );
}
