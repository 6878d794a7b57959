/**
 * Bytes to be held for long (a cache's answer or its gzip, a card), in an ArrayBuffer of their own
 * (decision 204). `Buffer.from` cuts a text under 4 KB from node's shared 8 KB pool, and zlib's
 * one-shot functions return a small output as a view into their 16 KB output buffer: a held view
 * keeps all of its ArrayBuffer alive, with whatever else was cut from it. Bytes that already own
 * their ArrayBuffer exactly are returned as they are.
 */
export function heldBytes(source: string | Uint8Array): Buffer {
  if (typeof source === "string") {
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(source));
    bytes.write(source);
    return bytes;
  }
  if (source.byteOffset === 0 && source.buffer.byteLength === source.byteLength) return Buffer.from(source.buffer, 0, source.byteLength);
  const bytes = Buffer.allocUnsafeSlow(source.byteLength);
  bytes.set(source);
  return bytes;
}
