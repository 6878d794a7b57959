import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Choice,
  type OptionAxis,
  type OptionedVariant,
  type Selection,
  chosenVariant,
  defaultVariant,
  initialSelection,
  optionChoices,
  pickOption,
} from "./variant-selection.ts";

const variant = (size: string | null, color: string | null, stock: number, priceAdjustment = "0.00") => ({
  id: `${size}/${color}`,
  size,
  color,
  colorHex: color ? `#${color.length}0${color.length}0${color.length}0` : null,
  stock,
  priceAdjustment,
});

const inStock = (variants: readonly OptionedVariant[], axis: OptionAxis): Choice["value"][] =>
  optionChoices(variants, axis)
    .filter((choice) => choice.inStock)
    .map((choice) => choice.value);

/** Every selection a shopper can reach from the page's first state by tapping options that can be tapped. */
function reachable(variants: readonly OptionedVariant[]): Selection[] {
  const seen = new Map<string, Selection>();
  const queue = [initialSelection(variants)];
  while (queue.length) {
    const selection = queue.shift()!;
    const key = JSON.stringify(selection);
    if (seen.has(key)) continue;
    seen.set(key, selection);
    for (const axis of ["size", "color"] as const) {
      for (const value of inStock(variants, axis)) queue.push(pickOption(variants, selection, axis, value));
    }
  }
  return [...seen.values()];
}

describe("variant selection", () => {
  it("lets a shopper move between S/Red and L/Blue, which share no option", () => {
    const variants = [variant("S", "Red", 3), variant("L", "Blue", 4)];
    const start = initialSelection(variants);
    expect(start).toEqual({ size: "S", color: "Red" });
    expect(optionChoices(variants, "size")).toEqual([
      { value: "S", label: "S", inStock: true },
      { value: "L", label: "L", inStock: true },
    ]);
    expect(optionChoices(variants, "color").map((choice) => [choice.value, choice.inStock])).toEqual([
      ["Red", true],
      ["Blue", true],
    ]);
    const large = pickOption(variants, start, "size", "L");
    expect(large).toEqual({ size: "L", color: "Blue" });
    expect(chosenVariant(variants, large)?.stock).toBe(4);
    expect(pickOption(variants, large, "color", "Red")).toEqual({ size: "S", color: "Red" });
  });

  it("keeps the other choice when it goes with the pick, moves it when not, and strikes through what only an empty variant has", () => {
    const variants = [variant("S", "Red", 2), variant("M", "Red", 1), variant("M", "Blue", 0), variant("L", "Green", 5)];
    expect(optionChoices(variants, "color").map((choice) => [choice.value, choice.inStock])).toEqual([
      ["Red", true],
      ["Blue", false],
      ["Green", true],
    ]);
    const start = initialSelection(variants);
    expect(start).toEqual({ size: "S", color: "Red" });
    expect(pickOption(variants, start, "size", "M")).toEqual({ size: "M", color: "Red" });
    expect(pickOption(variants, start, "size", "L")).toEqual({ size: "L", color: "Green" });
    expect(pickOption(variants, { size: "L", color: "Green" }, "color", "Red")).toEqual({ size: "S", color: "Red" });
    // Blue exists only out of stock: picking it changes nothing, and M/Blue is never the choice.
    expect(pickOption(variants, { size: "M", color: "Red" }, "color", "Blue")).toEqual({ size: "M", color: "Red" });
  });

  it("moves the other choice to the in-stock variant at the advertised price", () => {
    const variants = [variant("S", "Red", 1), variant("L", "Blue", 2, "150.00"), variant("L", "Green", 2)];
    expect(pickOption(variants, { size: "S", color: "Red" }, "size", "L")).toEqual({ size: "L", color: "Green" });
  });

  it("works with sizes only, colours only, and no options", () => {
    const sizes = [variant("S", null, 0), variant("M", null, 2)];
    expect(optionChoices(sizes, "color")).toEqual([]);
    expect(initialSelection(sizes)).toEqual({ size: "M", color: null });
    expect(chosenVariant(sizes, { size: "S", color: null })?.stock).toBe(0);

    const colours = [variant(null, "Red", 1), variant(null, "Blue", 1)];
    expect(optionChoices(colours, "size")).toEqual([]);
    expect(pickOption(colours, initialSelection(colours), "color", "Blue")).toEqual({ size: null, color: "Blue" });

    const plain = [variant(null, null, 0), variant(null, null, 3)];
    expect(chosenVariant(plain, initialSelection(plain))?.stock).toBe(3);
  });

  it("offers a variant without an option its siblings have as 'Standard'", () => {
    const variants = [variant("S", "Red", 1), variant("S", null, 1, "-10.00")];
    expect(optionChoices(variants, "color").map((choice) => [choice.value, choice.label])).toEqual([
      ["Red", "Red"],
      [null, "Standard"],
    ]);
    expect(initialSelection(variants)).toEqual({ size: "S", color: null });
    expect(pickOption(variants, initialSelection(variants), "color", "Red")).toEqual({ size: "S", color: "Red" });
  });

  it("starts empty, with nothing buyable, when nothing is in stock", () => {
    const variants = [variant("S", "Red", 0), variant("L", "Blue", 0)];
    expect(initialSelection(variants)).toEqual({ size: null, color: null });
    expect(chosenVariant(variants, initialSelection(variants))).toBeUndefined();
    expect(optionChoices(variants, "size").every((choice) => !choice.inStock)).toBe(true);
  });

  // Any variant set, full grid or not, with options missing on some variants, repeated and empty.
  const variantSet = fc.array(
    fc.record({
      size: fc.constantFrom("S", "M", "L", null),
      color: fc.constantFrom("Red", "Blue", "Green", null),
      stock: fc.integer({ min: 0, max: 3 }),
      priceAdjustment: fc.constantFrom("0.00", "-20.00", "99.00"),
    }),
    { maxLength: 9 },
  );

  it("reaches every variant in stock by some sequence of taps from the first state", () => {
    fc.assert(
      fc.property(variantSet, (variants) => {
        const selections = reachable(variants);
        for (const wanted of variants.filter((item) => item.stock > 0)) {
          const reached = selections.some((selection) => selection.size === (wanted.size || null) && selection.color === (wanted.color || null));
          if (!reached) return false;
        }
        return true;
      }),
      { numRuns: 2000 },
    );
  });

  it("always stands on a variant in stock (a combination the shop sells), unless nothing is in stock", () => {
    fc.assert(
      fc.property(variantSet, (variants) => {
        const anyInStock = defaultVariant(variants) !== undefined;
        return reachable(variants).every((selection) => {
          const chosen = chosenVariant(variants, selection);
          return anyInStock ? chosen !== undefined && chosen.stock > 0 && variants.includes(chosen) : chosen === undefined || chosen.stock <= 0;
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("takes the value tapped, and keeps the other choice whenever the two make a variant in stock", () => {
    fc.assert(
      fc.property(variantSet, fc.constantFrom<OptionAxis>("size", "color"), fc.nat(), (variants, axis, pick) => {
        const values = inStock(variants, axis);
        if (!values.length) return true;
        const value = values[pick % values.length] as Choice["value"];
        return reachable(variants).every((selection) => {
          const next = pickOption(variants, selection, axis, value);
          if (next[axis] !== value) return false;
          const other = axis === "size" ? "color" : "size";
          const keepable = variants.some((item) => (item[axis] || null) === value && (item[other] || null) === selection[other] && item.stock > 0);
          return !keepable || next[other] === selection[other];
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("defaultVariant", () => {
  it("starts on the in-stock variant at the advertised price, not a dearer one listed first", () => {
    const variants = [variant("XL", null, 4, "200.00"), variant("M", null, 3), variant("L", null, 5)];
    expect(defaultVariant(variants)?.id).toBe("M/null");
  });

  it("skips variants out of stock, even when they are the cheapest", () => {
    expect(defaultVariant([variant("S", null, 0, "-50.00"), variant("M", null, 2, "25.00")])?.id).toBe("M/null");
  });

  it("is undefined when nothing is in stock or there are no variants", () => {
    expect(defaultVariant([variant("S", null, 0)])).toBeUndefined();
    expect(defaultVariant([])).toBeUndefined();
  });
});
