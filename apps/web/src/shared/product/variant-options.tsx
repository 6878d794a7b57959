import { useCallback, useState } from "react";
import { classNames } from "../ui/class-names.ts";
import { type Choice, type OptionAxis, type OptionedVariant, chosenVariant, initialSelection, optionChoices, pickOption } from "./variant-selection.ts";

/**
 * The shopper's size and colour choice over a product's variants (variant-selection.ts), starting on
 * the variant defaultVariant picks. The product page and the add-to-cart sheet both choose with it.
 */
export function useVariantSelection<V extends OptionedVariant>(variants: readonly V[]) {
  const [selection, setSelection] = useState(() => initialSelection(variants));
  const pick = useCallback((axis: OptionAxis, value: string | null) => setSelection((current) => pickOption(variants, current, axis, value)), [variants]);
  return {
    selection,
    pick,
    sizes: optionChoices(variants, "size"),
    colors: optionChoices(variants, "color"),
    /** The variant the choice names; undefined when nothing is in stock (or the product has no variants). */
    variant: chosenVariant(variants, selection),
  };
}

const TONES = {
  // The product page's dark screen.
  dark: {
    pill: "has-[:checked]:border-white has-[:checked]:bg-white has-[:checked]:text-black has-[:focus-visible]:outline-white",
    inStock: "border-neutral-700",
    outOfStock: "border-neutral-800 text-neutral-500 line-through",
    chosen: "text-neutral-400",
  },
  // The sheets' white surface.
  light: {
    pill: "has-[:checked]:border-gray-900 has-[:checked]:bg-gray-900 has-[:checked]:text-white has-[:focus-visible]:outline-rose-400",
    inStock: "border-gray-300",
    outOfStock: "border-gray-200 text-gray-400 line-through",
    chosen: "text-gray-600",
  },
} as const;

interface OptionGroupProps {
  /** 'Size' or 'Colour': the legend, and the radios' name. */
  label: string;
  choices: readonly Choice[];
  value: string | null;
  onPick(value: string | null): void;
  tone: keyof typeof TONES;
}

/**
 * One option's values as radio pills. A value only variants out of stock have is struck through and
 * cannot be picked; any other can, even when it does not go with the other option's current value
 * (picking it moves that one: variant-selection.ts).
 */
export function OptionGroup({ label, choices, value, onPick, tone }: OptionGroupProps) {
  const colours = TONES[tone];
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold">
        {label}
        {chosen ? <span className={`ml-2 font-normal ${colours.chosen}`}>{chosen.label}</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <label
            key={choice.value ?? ""}
            className={classNames(
              "flex min-w-11 items-center justify-center gap-1.5 rounded-full border px-3 py-1.5 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2",
              colours.pill,
              choice.inStock ? `cursor-pointer ${colours.inStock}` : `cursor-not-allowed ${colours.outOfStock}`,
            )}
          >
            <input
              type="radio"
              name={label}
              value={choice.value ?? ""}
              checked={chosen !== undefined && choice === chosen}
              disabled={!choice.inStock}
              aria-label={choice.inStock ? choice.label : `${choice.label} (out of stock)`}
              onChange={() => onPick(choice.value)}
              className="sr-only"
            />
            {choice.hex ? <span aria-hidden="true" className="size-3.5 rounded-full border border-white/30 ring-1 ring-black/10" style={{ background: choice.hex }} /> : null}
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
