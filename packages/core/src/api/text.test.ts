import { describe, expect, it } from "vitest";
import { unsafeTextSentence } from "./field-messages.ts";
import { isSafeText, safeText } from "./text.ts";

describe("safeText", () => {
  it("accepts ordinary text with tabs, newlines, emoji and other scripts", () => {
    for (const value of ["Hello", "line one\nline two\r\n\tindented", "नमस्ते 😀 مرحبا", ""]) expect(isSafeText(value)).toBe(true);
  });

  it("refuses NUL and the other C0 and C1 controls and DEL", () => {
    for (const value of ["a\u0000b", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\u009f"]) {
      const result = safeText("Comment").safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(unsafeTextSentence("Comment"));
    }
  });

  it("refuses lone surrogates but keeps surrogate pairs", () => {
    expect(safeText("Comment").safeParse("\ud83d").error?.issues[0]?.message).toBe(unsafeTextSentence("Comment"));
    expect(safeText().safeParse("x\udc00").success).toBe(false);
    expect(safeText().safeParse("\ud83d\ude00").success).toBe(true);
  });

  it("chains like z.string()", () => {
    const schema = safeText().trim().min(1).max(3);
    expect(schema.parse("  ab  ")).toBe("ab");
    expect(schema.safeParse("   ").success).toBe(false);
    expect(schema.safeParse("abcd").success).toBe(false);
  });
});
