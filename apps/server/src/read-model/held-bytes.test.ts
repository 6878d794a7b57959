import { gzipSync } from "node:zlib";
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

  it("copies zlib's small output out of its 16 KB output buffer, and keeps bytes that own theirs as they are", () => {
    const gzip = gzipSync(Buffer.from(JSON.stringify({ title: "A product page", price: "₹1,299.00" })));
    // What heldBytes avoids: a ~70-byte gzip held with the 16 KB buffer zlib wrote it into.
    expect(gzip.buffer.byteLength).toBeGreaterThanOrEqual(16 * 1024);
    const held = heldBytes(gzip);
    expect(held.equals(gzip)).toBe(true);
    expect(held.buffer.byteLength).toBe(held.byteLength);
    const own = new Uint8Array([1, 2, 3]);
    expect(heldBytes(own).buffer).toBe(own.buffer);
  });
});
