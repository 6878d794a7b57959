import { gzipSync } from "node:zlib";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import type { Database } from "../../db/database.ts";
import { etagOf } from "../../http/public-cache.ts";
import { listenForMovedCounters } from "../../shared/moved-counters.ts";
import type { CatalogueCache } from "./catalog.cache.ts";

// GET /api/products/{id} answers held as the bytes the route sends (docs/decisions/107-product-answers-in-the-fast-lane.md),
// so the fast lane answers a product page with no query and no framework. An answer is the
// ProductDetail the route computed (catalogue part and counters read fresh), serialised once with
// its ETag. It is dropped, never patched: with the catalogue cache (decision 103's per-product
// drops, '*' for everything) and when the counters topic names one of its media (every like,
// comment, share and view). The next request then goes through the route, which reads the counters
// again and offers the new answer.

export interface ProductAnswer {
  /** JSON.stringify of the ProductDetail, as the route's c.json writes it. */
  readonly body: Buffer;
  readonly etag: string;
  /** The gzip variant, made on first demand. */
  gzip?: Buffer;
  readonly mediaIds: readonly string[];
}

/** What was current when a read began: an answer read across a drop or a counter change is refused. */
export interface ProductAnswersMark {
  catalogue: number;
  counters: number;
}

export class ProductAnswers {
  // Insertion order: past the bound the oldest answer goes (the lane does not reorder on reads).
  private readonly answers = new Map<string, ProductAnswer>();
  /** The product (lower-case id) of each held answer's media. */
  private readonly productOfMedia = new Map<string, string>();
  private counterNotices = 0;
  private stopListening: (() => Promise<void>) | undefined;
  private closed = false;

  constructor(
    private readonly catalogue: CatalogueCache,
    /** Answers held at most (about 3–4 KB each with their gzip variant). */
    private readonly maxAnswers: number,
  ) {
    catalogue.follow((ids) => (ids === "*" ? this.clear() : this.drop(ids)));
  }

  /** Starts following counter changes; until then nothing is held. */
  async start(database: Database): Promise<void> {
    this.stopListening = await listenForMovedCounters(database, (mediaIds) => this.onCountersMoved(mediaIds));
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stopListening?.();
    this.clear();
  }

  get size(): number {
    return this.answers.size;
  }

  /** Taken before reading a product: `offer` refuses what was read across a write or a counter change. */
  get mark(): ProductAnswersMark {
    return { catalogue: this.catalogue.currentGeneration, counters: this.counterNotices };
  }

  /** The held answer for a lower-case product id. */
  peek(key: string): ProductAnswer | undefined {
    return this.answers.get(key);
  }

  /** Holds the route's answer for `detail` unless one is held already (it is then the same) or it was read across a change. */
  offer(detail: ProductDetail, mark: ProductAnswersMark): void {
    const key = detail.id.toLowerCase();
    if (this.closed || !this.stopListening || this.answers.has(key)) return;
    if (mark.counters !== this.counterNotices || !this.catalogue.accepts(key, mark.catalogue)) return;
    const body = Buffer.from(JSON.stringify(detail));
    const mediaIds = detail.media.map((media) => media.id.toLowerCase());
    this.answers.set(key, { body, etag: etagOf(body), mediaIds });
    for (const mediaId of mediaIds) this.productOfMedia.set(mediaId, key);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.maxAnswers) break;
      this.forget(oldest);
    }
  }

  /** The gzip variant of a held answer. */
  gzip(answer: ProductAnswer): Buffer {
    return (answer.gzip ??= gzipSync(answer.body));
  }

  private drop(ids: readonly string[]) {
    for (const id of ids) this.forget(id.toLowerCase());
  }

  private clear() {
    this.answers.clear();
    this.productOfMedia.clear();
  }

  private forget(key: string) {
    const answer = this.answers.get(key);
    if (!answer) return;
    this.answers.delete(key);
    for (const mediaId of answer.mediaIds) this.productOfMedia.delete(mediaId);
  }

  private onCountersMoved(mediaIds: readonly string[]) {
    this.counterNotices += 1;
    for (const mediaId of mediaIds) {
      const key = this.productOfMedia.get(mediaId.toLowerCase());
      if (key) this.forget(key);
    }
  }
}
