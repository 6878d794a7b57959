import type { Logger } from "./logger.ts";

interface TaskOptions {
  /** Run once at start as well as on every interval. */
  runAtStart?: boolean;
  /** Run once more while stopping (a buffer's last flush), before the database closes. */
  runAtStop?: boolean;
}

/**
 * The running server's periodic jobs (unpaid-order expiry, expired-upload sweep, search-log flush).
 * Timers are unref'd, so they never keep a process alive; stop() clears them and waits for the runs
 * in progress, so server.close() can close the database after them. One run of a task at a time:
 * a tick that finds the previous run still going is skipped.
 */
export class PeriodicTasks {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly finalRuns: (() => Promise<void>)[] = [];
  private stopped = false;

  constructor(private readonly logger: Logger) {}

  every(name: string, intervalMs: number, task: () => Promise<unknown>, options: TaskOptions = {}): void {
    if (this.stopped) return;
    let busy = false;
    const run = async () => {
      if (busy) return;
      busy = true;
      const done = task()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.warn({ err: error, task: name }, "periodic task failed"))
        .finally(() => {
          busy = false;
          this.running.delete(done);
        });
      this.running.add(done);
      await done;
    };
    const timer = setInterval(() => void run(), intervalMs);
    timer.unref();
    this.timers.push(timer);
    if (options.runAtStart) void run();
    if (options.runAtStop) this.finalRuns.push(run);
  }

  /** How many tasks are scheduled (tests check that close leaves none). */
  get scheduled(): number {
    return this.timers.length;
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await Promise.all(this.running);
    await Promise.all(this.finalRuns.map((run) => run()));
  }
}
