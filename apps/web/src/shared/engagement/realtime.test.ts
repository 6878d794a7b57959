import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type RealtimeListener, RealtimeConnection, useRealtimeTopic } from "./realtime.ts";

/** The browser's EventSource (not our code): records what was opened and lets the test play the server. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
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

const open = () => FakeEventSource.instances.filter((source) => !source.closed);
const latest = () => FakeEventSource.instances.at(-1)!;

function listener() {
  return { onEvent: vi.fn<RealtimeListener["onEvent"]>(), onResync: vi.fn<RealtimeListener["onResync"]>() };
}

const MEDIA = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.useFakeTimers();
  vi.stubGlobal("EventSource", FakeEventSource);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("RealtimeConnection", () => {
  it("multiplexes every topic over one stream, reopened once per burst of topic changes", () => {
    const connection = new RealtimeConnection();
    const comments = listener();
    const counters = listener();
    const unsubscribeComments = connection.subscribe(`comments:${MEDIA}`, comments);
    connection.subscribe(`counters:${MEDIA}`, counters);
    connection.subscribe(`counters:${OTHER}`, listener());
    expect(FakeEventSource.instances).toHaveLength(0);

    vi.advanceTimersByTime(50);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(latest().topics).toBe(`comments:${MEDIA},counters:${MEDIA},counters:${OTHER}`);
    expect(latest().init).toEqual({ withCredentials: true });

    const change = { topic: `comments:${MEDIA}`, kind: "insert", ids: ["33333333-3333-4333-8333-333333333333"] };
    latest().emit("change", change);
    expect(comments.onEvent).toHaveBeenCalledWith(change);
    expect(counters.onEvent).not.toHaveBeenCalled();

    unsubscribeComments();
    vi.advanceTimersByTime(50);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.topics).toBe(`counters:${MEDIA},counters:${OTHER}`);
  });

  it("closes the stream when the last topic goes", () => {
    const connection = new RealtimeConnection();
    const unsubscribe = connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);
    unsubscribe();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(open()).toHaveLength(0);
  });

  it("reconnects after min(1 s × 2^n, 30 s), and from 1 s again once a stream was ready", () => {
    const connection = new RealtimeConnection();
    connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);

    for (const delay of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      const failed = latest();
      failed.fail();
      expect(failed.closed).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(latest()).toBe(failed);
      vi.advanceTimersByTime(1);
      expect(latest()).not.toBe(failed);
      expect(latest().topics).toBe(`comments:${MEDIA}`);
    }

    latest().emit("ready");
    const failed = latest();
    failed.fail();
    vi.advanceTimersByTime(1000);
    expect(latest()).not.toBe(failed);
  });

  it("refetches every subscription once the reopened stream is ready, including ones added while it was down", () => {
    const connection = new RealtimeConnection();
    const before = listener();
    connection.subscribe(`comments:${MEDIA}`, before);
    vi.advanceTimersByTime(50);
    latest().emit("ready");
    before.onResync.mockClear();

    latest().fail();
    const during = listener();
    connection.subscribe(`counters:${MEDIA}`, during);
    vi.advanceTimersByTime(1000);
    expect(before.onResync).not.toHaveBeenCalled();

    latest().emit("ready");
    expect(before.onResync).toHaveBeenCalledTimes(1);
    expect(during.onResync).toHaveBeenCalledTimes(1);
  });

  it("reconnects once per failure, however often the failed stream reports errors", () => {
    const connection = new RealtimeConnection();
    connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);
    latest().fail();
    latest().fail();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.instances).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});

describe("useRealtimeTopic", () => {
  it("shares one stream between the components of a tab", () => {
    const a = renderHook(() => useRealtimeTopic(`comments:${MEDIA}`, listener()));
    const b = renderHook(() => useRealtimeTopic(`counters:${OTHER}`, listener()));
    vi.advanceTimersByTime(50);
    expect(open()).toHaveLength(1);
    expect(open()[0]!.topics).toBe(`comments:${MEDIA},counters:${OTHER}`);

    a.unmount();
    b.unmount();
    vi.advanceTimersByTime(50);
    expect(open()).toHaveLength(0);
  });
});
