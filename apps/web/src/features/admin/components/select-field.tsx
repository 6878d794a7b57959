import type { ComponentProps } from "react";
import { FieldFrame, controlClass } from "../../../shared/ui/field.tsx";

type Option = { value: string; label: string };

/** A labelled native select (keyboard and screen reader friendly on every phone), wired like Field. */
export function SelectField({
  label,
  hint,
  error,
  options,
  className,
  ...select
}: { label: string; hint?: string; error?: string; options: Option[] } & ComponentProps<"select">) {
  return (
    <FieldFrame label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...select} {...control} className={`${controlClass} py-2.5`}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
