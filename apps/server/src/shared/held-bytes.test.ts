import { describe, expect, it } from "vitest";
import { heldBytes } from "./held-bytes.ts";

describe("heldBytes", () => {
  it("gives a text's UTF-8 bytes, as Buffer.from does", () => {
    for (const text of ["", "{}", '{"title":"Ünïcødé 🎬","price":"₹1,299.00"}', "x".repeat(10_000)]) {
      expect(heldBytes(text).equals(Buffer.from(text))).toBe(true);
    }
  });

  it("puts a small text in an ArrayBuffer of its own, where Buffer.from cuts it from the shared pool", () => {
    const text = JSON.stringify({ id: "product", title: "A card-sized answer" });
    const pooled = Buffer.from(text);
    // What heldBytes avoids: the slice's ArrayBuffer is node's 8 KB pool, kept whole while the slice is held.
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.byteLength);
    const held = heldBytes(text);
    expect(held.byteOffset).toBe(0);
    expect(held.buffer.byteLength).toBe(held.byteLength);
  });
});
