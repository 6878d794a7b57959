import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import { heldBytes } from "../read-model/held-bytes.ts";

// A response body held as pieces, some of them shared by many bodies (docs/decisions/181): a share
// page is the app shell's 70 KB, the same for every page, around a few KB of its own head. Held
// whole, 1,000 such pages filled the 32 MB public cache; held as pieces, each page costs its own
// bytes, and the shell's bytes, hash and compressed form exist once.

/** Bytes that many bodies contain: held once, their hash and compressed blocks computed once. */
export class SharedBytes {
  private hash?: Buffer;
  private blocks?: SharedBytes;

  constructor(readonly bytes: Uint8Array) {}

  get digest(): Buffer {
    return (this.hash ??= createHash("sha1").update(this.bytes).digest());
  }

  /** Its deflate blocks, which can be followed by other pieces' blocks (deflateBlocks). */
  get deflated(): SharedBytes {
    return (this.blocks ??= new SharedBytes(deflateBlocks(this.bytes)));
  }
}

/** A piece of a body: its own bytes, or bytes shared with other bodies. */
export type Piece = Uint8Array | SharedBytes;

/** A body: its bytes, or its pieces in order. */
export type Body = Uint8Array | readonly Piece[];

export const bytesOf = (piece: Piece): Uint8Array => (piece instanceof SharedBytes ? piece.bytes : piece);

export function piecesOf(body: Body): readonly Piece[] {
  return body instanceof Uint8Array ? [body] : body;
}

/** The body's length in bytes. */
export function lengthOf(pieces: readonly Piece[]): number {
  let length = 0;
  for (const piece of pieces) length += bytesOf(piece).byteLength;
  return length;
}

/** The bytes a body holds itself: what a cache holding it should count. */
export function ownBytesOf(pieces: readonly Piece[]): number {
  let bytes = 0;
  for (const piece of pieces) if (!(piece instanceof SharedBytes)) bytes += piece.byteLength;
  return bytes;
}

/** The body as one buffer (its only piece as is). */
export function joinPieces(pieces: readonly Piece[]): Uint8Array {
  if (pieces.length === 1) return bytesOf(pieces[0]!);
  return Buffer.concat(pieces.map(bytesOf));
}

/**
 * A sha1 of the body, hashing a shared piece's digest instead of its bytes: equal bodies made of the
 * same pieces get equal digests on every instance, without rehashing the shared bytes per body.
 */
export function digestOf(pieces: readonly Piece[]): Buffer {
  const hash = createHash("sha1");
  for (const piece of pieces) hash.update(piece instanceof SharedBytes ? piece.digest : piece);
  return hash.digest();
}

/**
 * Raw deflate blocks of `bytes` that end on a byte boundary without a final block (a full flush,
 * so nothing after them refers back into them): blocks made this way from consecutive pieces,
 * concatenated and closed with a final empty block, are one valid deflate stream (as pigz joins them).
 */
function deflateBlocks(bytes: Uint8Array): Uint8Array {
  return heldBytes(deflateRawSync(bytes, { finishFlush: constants.Z_FULL_FLUSH }));
}

// RFC 1952: magic, deflate, no flags, no modification time, no extra flags, Unix.
const GZIP_HEADER = Uint8Array.of(0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3);
/** A final fixed-Huffman block holding only its end code. */
const FINAL_EMPTY_BLOCK = Uint8Array.of(0x03, 0x00);

/**
 * The body gzipped, as pieces: a shared piece's compressed blocks are themselves shared, so only a
 * body's own pieces are compressed per body. A body of its own bytes only is gzipped as usual.
 */
export function gzipPieces(pieces: readonly Piece[]): readonly Piece[] {
  if (!pieces.some((piece) => piece instanceof SharedBytes)) return [heldBytes(gzipSync(joinPieces(pieces)))];
  const gzip: Piece[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  for (const piece of pieces) {
    const bytes = bytesOf(piece);
    crc = crc32(bytes, crc);
    length += bytes.byteLength;
    gzip.push(piece instanceof SharedBytes ? piece.deflated : deflateBlocks(bytes));
  }
  const trailer = Buffer.alloc(FINAL_EMPTY_BLOCK.byteLength + 8);
  trailer.set(FINAL_EMPTY_BLOCK);
  trailer.writeUInt32LE(crc >>> 0, FINAL_EMPTY_BLOCK.byteLength);
  // ISIZE is the length modulo 2^32.
  trailer.writeUInt32LE(length % 2 ** 32, FINAL_EMPTY_BLOCK.byteLength + 4);
  gzip.push(trailer);
  return gzip;
}
