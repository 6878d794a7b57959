// Read-model store: packed cards, part of the feed memory (docs/read-path.md).
// Holds:     every feed card's JSON, deflated against a dictionary of the catalogue's first cards.
// Filled by: FeedMemory's prefill after each order build, and its repacks after catalogue drops.
// Dropped:   per product with the catalogue cache (CATALOGUE_PRODUCTS_CHANNEL, migration 0100);
//            counters overlaid by FeedMemory from the realtime channel's counters notices.
// Equal SQL: read-model/packed-cards.test.ts, read-model/feed-memory.test.ts.

import { deflateRawSync, inflateRawSync } from "node:zlib";

// Every feed card, packed (decision 186): each card's JSON deflated against a dictionary made of the
// catalogue's first cards, which share its keys, URL prefixes and brands, so a 2.7 KB card takes
// about 400 bytes. The entries sit end to end in large chunks, with one number per card saying where:
// at 100,000 products that is ~40 MB instead of ~380 MB as objects, and a card costs an inflate
// (~11 µs) rather than a query. The counters in a packed card are those read when it was packed;
// FeedMemory overlays the ones that moved since. A card dropped or packed again leaves its old bytes
// behind; once those are half of what the chunks hold, the live entries are copied into new chunks
// (compressed as they are: the dictionary stays), so a catalogue written to card by card stays
// within twice its packed size (decision 187).

/** Bytes per chunk; an entry never spans two. */
const CHUNK_BYTES = 256 * 1024;
/** zlib's window: a dictionary longer than this is not used past its last 32 KB. */
const DICTIONARY_BYTES = 32 * 1024;
/** An entry's length is kept in the low 16 bits of its place. */
const MAX_ENTRY_BYTES = 0xffff;
const LENGTH_SPAN = 0x10000;

export class PackedCards {
  private dictionary: Buffer | undefined;
  private readonly chunks: Buffer[] = [];
  private used = CHUNK_BYTES;
  /** Per lower-case product id: (chunk × CHUNK_BYTES + offset) × 2^16 + length, exact in a double. */
  private places = new Map<string, number>();
  /** Bytes in the chunks no entry points to any more. */
  private deadBytes = 0;

  get size(): number {
    return this.places.size;
  }

  has(key: string): boolean {
    return this.places.has(key);
  }

  /** Heap and buffers held, for the record. */
  get approximateBytes(): number {
    return this.chunks.length * CHUNK_BYTES + (this.dictionary?.length ?? 0) + this.places.size * 48;
  }

  /**
   * Packs cards given as their JSON (what `JSON.stringify(card)` gives) by lower-case product id,
   * replacing any packed before. The first call's cards make the dictionary.
   */
  put(cards: ReadonlyArray<readonly [key: string, json: string]>): void {
    // A copy: a view would keep the whole joined batch alive.
    this.dictionary ??= Buffer.from(Buffer.from(cards.map(([, json]) => json).join("")).subarray(0, DICTIONARY_BYTES));
    for (const [key, json] of cards) {
      const packed = deflateRawSync(json, { dictionary: this.dictionary });
      this.delete(key);
      if (packed.length <= MAX_ENTRY_BYTES) this.place(key, packed);
    }
  }

  /** Forgets the card of `key` (its bytes stay until the next compaction). */
  delete(key: string): void {
    const place = this.places.get(key);
    if (place === undefined) return;
    this.places.delete(key);
    this.deadBytes += place % LENGTH_SPAN;
    if (this.deadBytes > CHUNK_BYTES && this.deadBytes * 2 > this.chunks.length * CHUNK_BYTES) this.compact();
  }

  /** The card's JSON as packed, or undefined when `key` was not packed. */
  get(key: string): Buffer | undefined {
    const place = this.places.get(key);
    if (place === undefined) return undefined;
    return inflateRawSync(this.entry(place), { dictionary: this.dictionary });
  }

  /** An entry's compressed bytes (a view into its chunk). */
  private entry(place: number): Buffer {
    const length = place % LENGTH_SPAN;
    const address = (place - length) / LENGTH_SPAN;
    const chunk = this.chunks[Math.floor(address / CHUNK_BYTES)]!;
    const offset = address % CHUNK_BYTES;
    return chunk.subarray(offset, offset + length);
  }

  private place(key: string, packed: Buffer): void {
    if (this.used + packed.length > CHUNK_BYTES) {
      this.chunks.push(Buffer.allocUnsafe(CHUNK_BYTES));
      this.used = 0;
    }
    packed.copy(this.chunks.at(-1)!, this.used);
    const address = (this.chunks.length - 1) * CHUNK_BYTES + this.used;
    this.places.set(key, address * LENGTH_SPAN + packed.length);
    this.used += packed.length;
  }

  /** Copies the live entries into new chunks, leaving the dead bytes behind. */
  private compact(): void {
    // Views into the old chunks, which they keep alive until copied.
    const live = [...this.places].map(([key, place]) => [key, this.entry(place)] as const);
    this.chunks.length = 0;
    this.places = new Map();
    this.used = CHUNK_BYTES;
    this.deadBytes = 0;
    for (const [key, packed] of live) this.place(key, packed);
  }
}
