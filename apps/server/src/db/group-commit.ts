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
   * Writes a batch and settles each of its writes. It throws only when it wrote nothing (its
   * statement failed): the batch's writes are then written again one by one, so that only the one
   * that fails gets the error. Two writes with the same key are never in one batch: the later
   * waits for the next, so writes of one key land in the order they came.
   */
  write(batch: readonly PendingWrite<Item, Result>[]): Promise<void>;
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
      await this.options.write(batch);
    } catch (error) {
      // One write's failure (its row deleted meanwhile, a constraint) must not fail the others: each alone.
      if (batch.length === 1) batch[0]!.reject(error);
      else for (const write of batch) await this.options.write([write]).catch((alone: unknown) => write.reject(alone));
    } finally {
      this.writing = false;
      this.schedule();
    }
  }
}
