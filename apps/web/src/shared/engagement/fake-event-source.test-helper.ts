// For tests: the browser's EventSource stands outside our code, so tests play the server through this.

/** The browser's EventSource (not our code): records what was opened and lets the test play the server. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];

  /** The streams the code under test has not closed. */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => !source.closed);
  }

  /** The stream opened last. */
  static latest(): FakeEventSource {
    return FakeEventSource.instances.at(-1)!;
  }
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this);
  }

  get topics(): string | null {
    return new URL(this.url, "http://localhost").searchParams.get("topics");
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  fail() {
    this.onerror?.(new Event("error"));
  }
}
