// Decision 200: writes that arrive together are written together, the way a database commits a
// group of transactions with one flush. One batch is in flight at a time; what arrives meanwhile is
// the next batch, taken as soon as the first has landed. A batch is taken on setImmediate, after
// the poll phase, so every request read in that turn of the event loop joins it; in a quiet shop a
// write goes out on the next turn, alone.

/** A write waiting for its batch: `write` settles each one it is given. */
export interface PendingWrite<Item, Result> {
  readonly item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export interface GroupCommitOptions<Item, Result> {
  /**
   * Writes a batch of two or more and settles each of its writes. It throws only when it wrote
   * nothing (its statement failed): the batch's writes are then written again one by one, so that
   * only the one that fails gets the error.
   */
  writeMany(batch: readonly PendingWrite<Item, Result>[]): Promise<void>;
  /** Writes and settles a write alone (a batch of one, or a failed batch's writes one by one): a statement of its own where that costs less for one (likes), or writeMany with one write (cart adds). */
  writeOne(write: PendingWrite<Item, Result>): Promise<void>;
  /** Two writes with the same key are never in one batch: the later waits for the next, so writes of one key land in the order they came. */
  keyOf(item: Item): string;
  /** Writes one statement takes at most; the rest wait for the next. */
  maxBatch: number;
}

export class GroupCommit<Item, Result> {
  private pending: PendingWrite<Item, Result>[] = [];
  private scheduled = false;
  private writing = false;

  constructor(private readonly options: GroupCommitOptions<Item, Result>) {}

  submit(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.writing || !this.pending.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.writeNextBatch();
    });
  }

  private async writeNextBatch() {
    const batch: PendingWrite<Item, Result>[] = [];
    const later: PendingWrite<Item, Result>[] = [];
    const keys = new Set<string>();
    for (const write of this.pending) {
      const key = this.options.keyOf(write.item);
      if (keys.has(key) || batch.length === this.options.maxBatch) later.push(write);
      else {
        keys.add(key);
        batch.push(write);
      }
    }
    this.pending = later;
    this.writing = true;
    try {
      if (batch.length === 1) await this.writeAlone(batch[0]!);
      else await this.options.writeMany(batch);
    } catch {
      // swallowed: tried again write by write below, where each failure reaches its own caller.
      // One write's failure (its row deleted meanwhile, a constraint) must not fail the others: each alone.
      for (const write of batch) await this.writeAlone(write);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  private writeAlone(write: PendingWrite<Item, Result>): Promise<void> {
    return this.options.writeOne(write).catch((error: unknown) => write.reject(error));
  }
}
