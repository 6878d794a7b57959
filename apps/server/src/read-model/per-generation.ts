/**
 * A value read from the database for one generation of what it reads (a count of the notifications
 * that say it changed), rebuilt in the background when the generation moves. Until a build for the
 * current generation lands, `current()` is undefined and the caller answers from SQL; a build that
 * spans another move is discarded (decision 110). The feed's order (FEED_ORDER_CHANNEL) and the
 * search index (SEARCH_INDEX_CHANNEL) are held this way.
 */
export class PerGeneration<T extends { readonly generation: number }> {
  private value: T | undefined;
  private building: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly source: {
      generation: () => number;
      load: (generation: number) => Promise<T>;
      /** Runs when a build starts and when it lands for the current generation. */
      onBuildStart?: () => void;
      onBuilt?: (value: T) => void;
      /** A failed build: the caller keeps answering from SQL until the next try. */
      onError: (error: unknown) => void;
    },
  ) {}

  /** The value for the current generation, or undefined while it is (re)built (which this starts). */
  current(): T | undefined {
    const generation = this.source.generation();
    if (this.value?.generation === generation) return this.value;
    if (!this.building && !this.closed) {
      this.source.onBuildStart?.();
      this.building = this.source
        .load(generation)
        .then((value) => {
          if (value.generation !== this.source.generation()) return;
          this.value = value;
          this.source.onBuilt?.(value);
        })
        .catch((error: unknown) => {
          if (!this.closed) this.source.onError(error);
        })
        .finally(() => (this.building = undefined));
    }
    return undefined;
  }

  /** The value once built for the current generation (waits for a build in flight). */
  async whenBuilt(): Promise<T | undefined> {
    this.current();
    await this.building;
    return this.current();
  }

  /** The last value built, current or not (for patches that apply whatever generation it is of). */
  get latest(): T | undefined {
    return this.value;
  }

  /** Whether the current generation's value is held, without starting a build. */
  get held(): T | undefined {
    return this.value?.generation === this.source.generation() ? this.value : undefined;
  }

  get isBuilding(): boolean {
    return this.building !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.building;
  }
}
