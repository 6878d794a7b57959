// For tests: the browser's EventSource stands outside our code, so tests play the server through this.
import { act, waitFor } from "@testing-library/react";
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
