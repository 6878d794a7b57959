/**
 * Ids noted one notification at a time and refreshed in batches: the first note starts a refresh
 * after the current turn of the event loop, so a burst (one like per user of a busy video) gathers
 * into one call; notes that arrive while it runs make the next batch. The live cards' counters and
 * the search index's popularity both follow the counters topic this way.
 */
export class CoalescedRefresh {
  private readonly pending = new Set<string>();
  private running: Promise<void> | undefined;

  constructor(
    /** Reads and applies one batch; handles its own errors (a refresh never rejects). */
    private readonly refresh: (ids: string[]) => Promise<void>,
    private readonly stopped: () => boolean,
  ) {}

  note(id: string): void {
    this.pending.add(id);
    this.running ??= this.run().finally(() => (this.running = undefined));
  }

  /** Resolves once every noted id has been refreshed (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size && !this.stopped()) {
      const ids = [...this.pending];
      this.pending.clear();
      await this.refresh(ids);
    }
  }
}
