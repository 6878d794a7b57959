// For tests: the browser's EventSource stands outside our code, so tests play the server through this.
import { act, cleanup, waitFor } from "@testing-library/react";
import { expect } from "vitest";

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

/** Waits for the code under test to open its one stream, and plays the server's 'ready' on it. */
export async function streamReady(): Promise<FakeEventSource> {
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
  const stream = FakeEventSource.latest();
  act(() => stream.emit("ready"));
  return stream;
}

/**
 * For afterEach: unmounts what the test rendered and waits for the tab's one realtime connection to
 * close its streams (a debounce after the last subscriber leaves). The connection outlives a test, so
 * without this the next test can find the last one's stream still open and carrying its topic, play
 * 'ready' on that, and wait forever on the stream it opens itself once the old one closes.
 */
export async function streamsClosed(): Promise<void> {
  cleanup();
  await waitFor(() => expect(FakeEventSource.open()).toHaveLength(0));
}
