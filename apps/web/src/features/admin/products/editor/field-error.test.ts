import type { FieldErrors } from "react-hook-form";
import { describe, expect, it } from "vitest";
import type { ProductFormValues } from "../product-form.ts";
import { errorText } from "./field-error.ts";

const ERRORS = {
  title: { type: "custom", message: "Title is required" },
  variants: Object.assign([undefined, { colorHex: { type: "custom", message: "Colour hex must be a colour like #1a2b3c" } }], {
    message: "Two variants have the same size and colour",
  }),
  highlights: [{ type: "custom", message: "Highlight can be at most 200 characters" }],
  brandId: { type: "custom", message: { text: "not a sentence" } },
} as unknown as FieldErrors<ProductFormValues>;

describe("errorText", () => {
  it("finds a field's message by its dotted path, in rows of lists too", () => {
    expect(errorText(ERRORS, "title")).toBe("Title is required");
    expect(errorText(ERRORS, "variants.1.colorHex")).toBe("Colour hex must be a colour like #1a2b3c");
    expect(errorText(ERRORS, "highlights.0")).toBe("Highlight can be at most 200 characters");
  });

  it("finds a list's own message beside its rows'", () => {
    expect(errorText(ERRORS, "variants")).toBe("Two variants have the same size and colour");
  });

  it("answers undefined for a valid field, a path through nothing and a message that is not text", () => {
    expect(errorText(ERRORS, "description")).toBeUndefined();
    expect(errorText(ERRORS, "variants.0.colorHex")).toBeUndefined();
    expect(errorText(ERRORS, "media.3.title")).toBeUndefined();
    expect(errorText(ERRORS, "brandId")).toBeUndefined();
  });
});
