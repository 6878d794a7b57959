import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REALTIME_MAX_TOPICS } from "@reelmart/core/engagement";
import { FakeEventSource } from "./fake-event-source.test-helper.ts";
import { type RealtimeListener, RealtimeConnection, useRealtimeTopic } from "./realtime.ts";


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
    expect(FakeEventSource.latest().topics).toBe(`comments:${MEDIA},counters:${MEDIA},counters:${OTHER}`);
    expect(FakeEventSource.latest().init).toEqual({ withCredentials: true });

    FakeEventSource.latest().emit("ready");
    const change = { topic: `comments:${MEDIA}`, kind: "insert", ids: ["33333333-3333-4333-8333-333333333333"] };
    FakeEventSource.latest().emit("change", change);
    expect(comments.onEvent).toHaveBeenCalledWith(change);
    expect(counters.onEvent).not.toHaveBeenCalled();

    unsubscribeComments();
    vi.advanceTimersByTime(50);
    const reopened = FakeEventSource.latest();
    expect(reopened.topics).toBe(`counters:${MEDIA},counters:${OTHER}`);
    reopened.emit("ready");
    expect(FakeEventSource.open()).toEqual([reopened]);
  });

  it("opens the stream for a new topic set beside the live one, and closes that one once the new one is ready", () => {
    const connection = new RealtimeConnection();
    const kept = listener();
    connection.subscribe(`counters:${MEDIA}`, kept);
    vi.advanceTimersByTime(50);
    const first = FakeEventSource.latest();
    first.emit("ready");
    expect(kept.onResync).toHaveBeenCalledTimes(1);

    const added = listener();
    connection.subscribe(`counters:${OTHER}`, added);
    vi.advanceTimersByTime(50);
    const second = FakeEventSource.latest();
    expect(second.topics).toBe(`counters:${MEDIA},counters:${OTHER}`);
    // Until the new stream listens, the live one still carries the kept topic's changes.
    expect(FakeEventSource.open()).toEqual([first, second]);
    const change = { topic: `counters:${MEDIA}`, kind: "update", ids: [MEDIA] };
    first.emit("change", change);
    expect(kept.onEvent).toHaveBeenCalledWith(change);
    expect(added.onResync).not.toHaveBeenCalled();

    second.emit("ready");
    expect(FakeEventSource.open()).toEqual([second]);
    // Carried without a gap: nothing to fetch again. The new topic is listened to from now on: fetch it once.
    expect(kept.onResync).toHaveBeenCalledTimes(1);
    expect(added.onResync).toHaveBeenCalledTimes(1);
  });

  it("counts a subscription as carried at once when the live stream already listens to its topic", () => {
    const connection = new RealtimeConnection();
    connection.subscribe(`counters:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);
    FakeEventSource.latest().emit("ready");

    const second = listener();
    connection.subscribe(`counters:${MEDIA}`, second);
    expect(second.onResync).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it("tells subscribers not to wait when the first stream fails, and resyncs them once one is ready", () => {
    const connection = new RealtimeConnection();
    const waiting = { ...listener(), onUnavailable: vi.fn() };
    connection.subscribe(`counters:${MEDIA}`, waiting);
    vi.advanceTimersByTime(50);
    FakeEventSource.latest().fail();
    expect(waiting.onUnavailable).toHaveBeenCalledTimes(1);
    expect(waiting.onResync).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1000);
    FakeEventSource.latest().emit("ready");
    expect(waiting.onResync).toHaveBeenCalledTimes(1);
  });

  it("tells the subscribers of topics over the stream's cap not to wait for it", () => {
    const connection = new RealtimeConnection();
    const overCap = { ...listener(), onUnavailable: vi.fn() };
    connection.subscribe(`counters:${MEDIA}`, overCap);
    const carried = Array.from({ length: REALTIME_MAX_TOPICS }, (_, i) => {
      const subscriber = { ...listener(), onUnavailable: vi.fn() };
      connection.subscribe(`counters:${String(i).padStart(8, "0")}-3333-4333-8333-333333333333`, subscriber);
      return subscriber;
    });
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.latest().topics).not.toContain(MEDIA);
    expect(overCap.onUnavailable).toHaveBeenCalledTimes(1);
    FakeEventSource.latest().emit("ready");
    expect(overCap.onResync).not.toHaveBeenCalled();
    for (const subscriber of carried) {
      expect(subscriber.onResync).toHaveBeenCalledTimes(1);
      expect(subscriber.onUnavailable).not.toHaveBeenCalled();
    }
  });

  it("closes the stream when the last topic goes", () => {
    const connection = new RealtimeConnection();
    const unsubscribe = connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);
    unsubscribe();
    vi.advanceTimersByTime(60_000);
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.open()).toHaveLength(0);
  });

  it("reconnects after min(1 s × 2^n, 30 s), and from 1 s again once a stream was ready", () => {
    const connection = new RealtimeConnection();
    connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);

    for (const delay of [1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]) {
      const failed = FakeEventSource.latest();
      failed.fail();
      expect(failed.closed).toBe(true);
      vi.advanceTimersByTime(delay - 1);
      expect(FakeEventSource.latest()).toBe(failed);
      vi.advanceTimersByTime(1);
      expect(FakeEventSource.latest()).not.toBe(failed);
      expect(FakeEventSource.latest().topics).toBe(`comments:${MEDIA}`);
    }

    FakeEventSource.latest().emit("ready");
    const failed = FakeEventSource.latest();
    failed.fail();
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.latest()).not.toBe(failed);
  });

  it("refetches every subscription once the reopened stream is ready, including ones added while it was down", () => {
    const connection = new RealtimeConnection();
    const before = listener();
    connection.subscribe(`comments:${MEDIA}`, before);
    vi.advanceTimersByTime(50);
    FakeEventSource.latest().emit("ready");
    before.onResync.mockClear();

    FakeEventSource.latest().fail();
    const during = listener();
    connection.subscribe(`counters:${MEDIA}`, during);
    vi.advanceTimersByTime(1000);
    expect(before.onResync).not.toHaveBeenCalled();

    FakeEventSource.latest().emit("ready");
    expect(before.onResync).toHaveBeenCalledTimes(1);
    expect(during.onResync).toHaveBeenCalledTimes(1);
  });

  it("reconnects once per failure, however often the failed stream reports errors", () => {
    const connection = new RealtimeConnection();
    connection.subscribe(`comments:${MEDIA}`, listener());
    vi.advanceTimersByTime(50);
    FakeEventSource.latest().fail();
    FakeEventSource.latest().fail();
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
    expect(FakeEventSource.open()).toHaveLength(1);
    expect(FakeEventSource.open()[0]!.topics).toBe(`comments:${MEDIA},counters:${OTHER}`);

    a.unmount();
    b.unmount();
    vi.advanceTimersByTime(50);
    expect(FakeEventSource.open()).toHaveLength(0);
  });
});
