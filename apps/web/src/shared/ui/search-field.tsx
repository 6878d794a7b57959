import { Search, X } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "./button.tsx";

type SearchFieldProps = Omit<ComponentProps<"input">, "type" | "value" | "onChange"> & {
  /** The field's accessible name (read, not shown). */
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** Shows a 'Clear search' button while there is text. */
  clearable?: boolean;
};

/** The rounded search box of the list pages: magnifier, input, and an optional clear button. */
export function SearchField({ label, value, onValueChange, clearable, ...input }: SearchFieldProps) {
  return (
    <label className="flex items-center gap-2 rounded-full border border-neutral-800 bg-neutral-900 px-4 py-2">
      <Search aria-hidden="true" className="size-4 text-neutral-400" />
      <span className="sr-only">{label}</span>
      <input
        {...input}
        type="search"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="min-w-0 flex-1 bg-transparent text-sm text-white placeholder:text-neutral-500 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      {clearable && value ? (
        <Button variant="bare" aria-label="Clear search" onClick={() => onValueChange("")} className="rounded-full p-0.5 text-neutral-400 hover:text-white">
          <X aria-hidden="true" className="size-4" />
        </Button>
      ) : null}
    </label>
  );
}
