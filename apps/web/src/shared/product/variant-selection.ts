import { toPaise } from "@reelmart/core/format";

/**
 * How a shopper chooses a variant by its options (size, colour), on the product page and in the
 * add-to-cart sheet alike. A product's variants need not form a full size × colour grid (S/Red and
 * L/Blue only), so an option's availability is never judged against the other current choice:
 * every option value some variant in stock has can be picked, and picking one that does not go
 * with the other choice moves that choice to one that does. The selection is therefore always a
 * variant in stock, or empty when nothing is.
 */

/** What the rule reads of a variant; a variant with no size (or colour) has null there. */
export interface OptionedVariant {
  size: string | null;
  color: string | null;
  colorHex?: string | null;
  stock: number;
  priceAdjustment: string;
}

export type OptionAxis = "size" | "color";

/** The chosen value of each option; null where the product has no such option or nothing is in stock. */
export interface Selection {
  size: string | null;
  color: string | null;
}

/** One value of an option (001 §3's adapted product: value, label, inStock, and hex for colours). */
export interface Choice {
  /** Null for the variants without this option when others have it, labelled NO_OPTION_LABEL. */
  value: string | null;
  label: string;
  /** Some variant with this value has stock: it can be picked. Otherwise it is shown struck through. */
  inStock: boolean;
  hex?: string | null;
}

/**
 * The choice for variants that lack an option their siblings have (a size-less variant beside S and
 * M): without it such a variant could never be chosen. The word the sheet used for a variant with no
 * options at all.
 */
export const NO_OPTION_LABEL = "Standard";

const EMPTY: Selection = { size: null, color: null };

/** An empty text counts as no value, as it does in the admin's variant form. */
const optionOf = (variant: OptionedVariant, axis: OptionAxis): string | null => variant[axis] || null;

const otherAxis = (axis: OptionAxis): OptionAxis => (axis === "size" ? "color" : "size");

/**
 * The variant a product page or the sheet starts on: in stock, and at the advertised price when one
 * is (the smallest price adjustment), so the price the shopper saw on the feed is the one a single
 * tap on Buy Now charges. Undefined when nothing is in stock.
 */
export function defaultVariant<V extends OptionedVariant>(variants: readonly V[]): V | undefined {
  let best: V | undefined;
  for (const variant of variants) {
    if (variant.stock > 0 && (!best || toPaise(variant.priceAdjustment) < toPaise(best.priceAdjustment))) best = variant;
  }
  return best;
}

export function initialSelection(variants: readonly OptionedVariant[]): Selection {
  const start = defaultVariant(variants);
  return start ? { size: optionOf(start, "size"), color: optionOf(start, "color") } : EMPTY;
}

/**
 * The values of one option, in the order the variants list them; empty when no variant has that
 * option, and with a NO_OPTION_LABEL choice last when only some do.
 */
export function optionChoices(variants: readonly OptionedVariant[], axis: OptionAxis): Choice[] {
  const choices = new Map<string | null, Choice>();
  for (const variant of variants) {
    const value = optionOf(variant, axis);
    const choice = choices.get(value) ?? { value, label: value ?? NO_OPTION_LABEL, inStock: false, ...(axis === "color" ? { hex: null } : {}) };
    choice.inStock ||= variant.stock > 0;
    if (axis === "color" && !choice.hex && variant.colorHex) choice.hex = variant.colorHex;
    choices.set(value, choice);
  }
  const without = choices.get(null);
  choices.delete(null);
  return choices.size && without ? [...choices.values(), without] : [...choices.values()];
}

/**
 * The variant the selection names: the one with exactly those options (in stock and cheapest, should
 * the shop list the same options twice). Undefined for a combination the shop does not sell.
 */
export function chosenVariant<V extends OptionedVariant>(variants: readonly V[], selection: Selection): V | undefined {
  const matches = variants.filter((variant) => optionOf(variant, "size") === selection.size && optionOf(variant, "color") === selection.color);
  return defaultVariant(matches) ?? matches[0];
}

/**
 * The selection after the shopper picks `value` for `axis`: the other choice stays when the two make
 * a variant in stock, else it moves to the value of the in-stock variant with `value` that
 * defaultVariant prefers (or clears, when that variant has no such option). A value no variant in
 * stock has cannot be picked: the selection stays as it was. A product without variants takes any value.
 */
export function pickOption(variants: readonly OptionedVariant[], selection: Selection, axis: OptionAxis, value: string | null): Selection {
  const kept = { ...selection, [axis]: value };
  // Without variants the choices are the specifications' own (sizes listed there): they name nothing to buy.
  if (!variants.length) return kept;
  if ((chosenVariant(variants, kept)?.stock ?? 0) > 0) return kept;
  const other = otherAxis(axis);
  const moved = defaultVariant(variants.filter((variant) => optionOf(variant, axis) === value));
  return moved ? { ...kept, [other]: optionOf(moved, other) } : selection;
}
