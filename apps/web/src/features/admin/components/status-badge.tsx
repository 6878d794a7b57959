const LOOKS = {
  active: "bg-emerald-500/15 text-emerald-300",
  draft: "bg-neutral-700/60 text-neutral-200",
  archived: "bg-amber-500/15 text-amber-200",
} as const;

const LABELS = { active: "Active", draft: "Draft", archived: "Archived" } as const;

export function StatusBadge({ status }: { status: keyof typeof LOOKS }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${LOOKS[status]}`}>{LABELS[status]}</span>;
}
