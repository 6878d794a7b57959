import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SharedBytes, bytesOf, digestOf, gzipPieces, joinPieces, ownBytesOf } from "./body-pieces.ts";
import { PublicCache } from "../read-model/public-cache.ts";

const text = (value: string) => Buffer.from(value);
// Larger than deflate's 32 KB window, partly repetitive like a stylesheet, partly not.
const shell = new SharedBytes(Buffer.concat([text("<style>".padEnd(40_000, ".a{color:red}")), randomBytes(30_000), text("</style>")]));
const tail = new SharedBytes(text("<div id=root></div></body></html>"));

describe("a body in pieces", () => {
  it("gzips to one stream that any gunzip reads back as the joined bytes", () => {
    for (const pieces of [
      [shell, text("<title>A</title>"), tail],
      [text("<!doctype html>"), shell, text(""), shell, tail],
      [shell],
      [text("only its own bytes ".repeat(100))],
    ]) {
      const gzip = joinPieces(gzipPieces(pieces));
      expect(Buffer.from(gunzipSync(gzip)).equals(Buffer.from(joinPieces(pieces)))).toBe(true);
    }
  });

  it("compresses a shared piece once, and its compressed blocks are shared too", () => {
    const first = gzipPieces([shell, text("one"), tail]);
    const second = gzipPieces([shell, text("two"), tail]);
    expect(first[1]).toBeInstanceOf(SharedBytes);
    expect(second[1]).toBe(first[1]);
    // The compressed shell is not the body's own: only the header, its own piece's blocks and the trailer are.
    expect(ownBytesOf(first)).toBeLessThan(100);
  });

  it("gzips into buffers of their own, not views into zlib's 16 KB output buffer, which a held view keeps whole (decision 204)", () => {
    for (const pieces of [[text("<title>A</title>")], [shell, text("<title>A</title>"), tail]]) {
      for (const piece of gzipPieces(pieces)) {
        const bytes = bytesOf(piece);
        expect(bytes.buffer.byteLength).toBe(bytes.byteLength);
      }
    }
  });

  it("digests equal bodies alike and tells different ones apart", () => {
    expect(digestOf([shell, text("<title>A</title>"), tail])).toEqual(digestOf([shell, text("<title>A</title>"), tail]));
    expect(digestOf([shell, text("<title>A</title>"), tail])).not.toEqual(digestOf([shell, text("<title>B</title>"), tail]));
  });
});

describe("the public cache holding bodies in pieces", () => {
  it("counts only each entry's own bytes, so pages sharing a large shell all stay", () => {
    const cache = new PublicCache({ maxBytes: 64 * 1024 });
    for (let page = 0; page < 1000; page++) cache.store(`/product/${page}`, [shell, text(`<title>${page}</title>`), tail], "text/html", cache.generation);
    expect(cache.size).toBe(1000);
    const entry = cache.lookup("/product/7")!.entry;
    expect(gunzipSync(joinPieces(cache.gzip("/product/7", entry))).toString()).toContain("<title>7</title>");
    // Still all held once gzipped (each adds only its own compressed bytes).
    expect(cache.lookup("/product/0")).toBeDefined();
  });

  it("still refuses an entry whose own bytes are over an eighth of its bound", () => {
    const cache = new PublicCache({ maxBytes: 8 * 1024 });
    expect(cache.store("/big", [shell, randomBytes(2048)], "text/html", cache.generation)).toBeUndefined();
    expect(cache.store("/small", [shell, randomBytes(512)], "text/html", cache.generation)).toBeDefined();
  });
});
