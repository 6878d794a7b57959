/**
 * A text's UTF-8 bytes, to be held for long (a cache's answer, a card): in an ArrayBuffer of their
 * own. `Buffer.from` cuts a text under 4 KB from node's shared 8 KB pool, and a held slice keeps its
 * whole pool alive, with whatever else was cut from it meanwhile (decision 204).
 */
export function heldBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}
