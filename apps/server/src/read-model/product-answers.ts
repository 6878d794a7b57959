// Read-model store: product answers (docs/read-path.md).
// Holds:     GET /api/products/{id} as the bytes the route sends, with ETag and gzip (up to 5,000).
// Filled by: the route (getProduct offers what it answered) and the catalogue prefill.
// Dropped:   with the catalogue cache (per product, CATALOGUE_PRODUCTS_CHANNEL, migration 0100);
//            patched by counters notices on the realtime channel (sent by engagement writes, not
//            triggers); all on a missed notification.
// Equal SQL: fast-lane.parity.test.ts (product pages); read-model/read-model.property.test.ts.

import { gzipSync } from "node:zlib";
import type { ProductDetail } from "@reelmart/core/api/catalog";
import type { MediaCounts } from "@reelmart/core/engagement";
import type { Database } from "../db/database.ts";
import { etagOf } from "./public-cache.ts";
import { heldBytes } from "./held-bytes.ts";
import { listenForMovedCounters } from "./moved-counters.ts";
import type { CatalogueCache } from "./catalogue-cache.ts";

// GET /api/products/{id} answers held as the bytes the route sends (docs/decisions/107-product-answers-in-the-fast-lane.md),
// so the fast lane answers a product page with no query and no framework. An answer is the
// ProductDetail the route computed (catalogue part and counters read fresh), serialised once with
// its ETag. It is dropped with the catalogue cache (decision 103's per-product drops, '*' for
// everything); the next request then goes through the route, which offers the new answer. A
// counters notice that carries its media's counts (every like, comment, share and view, decision
// 190) patches the answer instead, remade on its next read (decision 192); one without counts drops it.

export interface ProductAnswer {
  /** JSON.stringify of the ProductDetail, as the route's c.json writes it. */
  readonly body: Buffer;
  readonly etag: string;
  /** The gzip variant, made on first demand. */
  gzip?: Buffer;
  readonly mediaIds: readonly string[];
  /**
   * Counts from notices since `body` was made, by lower-case media id, the latest of each: a burst
   * of likes on one product costs one remake, on the next read, not one per like.
   */
  movedCounts?: Map<string, MediaCounts>;
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
    this.stopListening = await listenForMovedCounters(
      database,
      (mediaIds, counts) => this.onCountersMoved(mediaIds, counts),
      () => this.clear(),
    );
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

  /** The held answer for a lower-case product id, with the counts notices brought since it was made. */
  peek(key: string): ProductAnswer | undefined {
    const answer = this.answers.get(key);
    if (!answer?.movedCounts) return answer;
    const remade = withCounts(answer, answer.movedCounts);
    this.answers.set(key, remade);
    return remade;
  }

  /** Holds the route's answer for `detail` unless one is held already (it is then the same) or it was read across a change. */
  offer(detail: ProductDetail, mark: ProductAnswersMark): void {
    const key = detail.id.toLowerCase();
    if (this.closed || !this.stopListening || this.answers.has(key)) return;
    if (mark.counters !== this.counterNotices || !this.catalogue.accepts(key, mark.catalogue)) return;
    const mediaIds = detail.media.map((media) => media.id.toLowerCase());
    this.answers.set(key, answerOf(detail, mediaIds));
    for (const mediaId of mediaIds) this.productOfMedia.set(mediaId, key);
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.maxAnswers) break;
      this.forget(oldest);
    }
  }

  /** The gzip variant of a held answer. */
  gzip(answer: ProductAnswer): Buffer {
    return (answer.gzip ??= heldBytes(gzipSync(answer.body)));
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

  private onCountersMoved(mediaIds: readonly string[], counts: MediaCounts | undefined) {
    this.counterNotices += 1;
    for (const mediaId of mediaIds) {
      const mediaKey = mediaId.toLowerCase();
      const key = this.productOfMedia.get(mediaKey);
      const answer = key === undefined ? undefined : this.answers.get(key);
      if (!answer) continue;
      // Notices come in commit order: the last one heard holds the latest counts.
      if (counts) (answer.movedCounts ??= new Map()).set(mediaKey, counts);
      else this.forget(key!);
    }
  }
}

function answerOf(detail: ProductDetail, mediaIds: readonly string[]): ProductAnswer {
  const body = heldBytes(JSON.stringify(detail));
  return { body, etag: etagOf(body), mediaIds };
}

/**
 * The answer remade with `movedCounts` set on its media: parsed back from its own bytes (holding
 * the objects as well would double what 5,000 answers cost), so key order and every other byte
 * stay those the route writes.
 */
function withCounts(answer: ProductAnswer, movedCounts: ReadonlyMap<string, MediaCounts>): ProductAnswer {
  const detail = JSON.parse(answer.body.toString("utf8")) as ProductDetail;
  for (const media of detail.media) {
    const counts = movedCounts.get(media.id.toLowerCase());
    if (counts) Object.assign(media, counts);
  }
  return answerOf(detail, answer.mediaIds);
}
