import { REALTIME_MAX_TOPICS, type RealtimeEvent, parseRealtimeEvent } from "@reelmart/core/engagement";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

export interface RealtimeListener {
  /** A server change on the topic: its ids, and on some topics what changed (decisions 190, 205); the listener refetches what it cannot apply. */
  onEvent(event: RealtimeEvent): void;
  /**
   * A stream carrying the topic is listening after a time none was (the first stream, a reconnect,
   * the topic back under the cap): what was fetched before may be stale. A listener that waited for
   * this to fetch at all fetches now, once (decision 185).
   */
  onResync(): void;
  /** No stream carries the topic for now (it failed, or the topic is over the cap): fetch without waiting for one. */
  onUnavailable?(): void;
}

interface Subscription {
  topic: string;
  listener: RealtimeListener;
  /** waiting: no stream has carried the topic yet; covered: a ready stream has carried it since, without a gap. */
  state: "waiting" | "covered" | "uncovered";
}

interface Stream {
  source: EventSource;
  topics: string;
}

const TOPIC_CHANGE_DEBOUNCE_MS = 50;
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * One EventSource per browser tab multiplexing every topic on screen (docs/decisions/023). The topic
 * set travels in the URL, so a change reopens the stream (debounced): any instance behind a load
 * balancer can serve it, with no per-connection state on the server. The stream for a new topic set
 * opens beside the live one, which closes only once the new one is ready: the topics both carry are
 * never without a listener, so a reopen asks nobody to fetch again (decision 185).
 */
export class RealtimeConnection {
  private subscriptions = new Set<Subscription>();
  /** The stream that has sent 'ready', and the one opened for a newer topic set that has not yet. */
  private live: Stream | null = null;
  private opening: Stream | null = null;
  private pending: ReturnType<typeof setTimeout> | null = null;
  /** When the pending timer fires, and when the sync it serves is due (Date.now() times). */
  private pendingAt = 0;
  private due = 0;
  private attempt = 0;

  constructor(private readonly url = "/api/realtime") {}

  subscribe(topic: string, listener: RealtimeListener): () => void {
    const subscription: Subscription = { topic, listener, state: "waiting" };
    this.subscriptions.add(subscription);
    // The live stream already listens for this topic: nothing committed from now on can be missed.
    if (this.live && includes(this.live.topics, topic)) this.cover(subscription);
    this.schedule(TOPIC_CHANGE_DEBOUNCE_MS);
    return () => {
      this.subscriptions.delete(subscription);
      this.schedule(TOPIC_CHANGE_DEBOUNCE_MS);
    };
  }

  private topics(): string {
    // The newest subscriptions win when more are mounted than the server accepts in one stream.
    const all = [...new Set([...this.subscriptions].map((s) => s.topic))];
    return all.slice(-REALTIME_MAX_TOPICS).sort().join(",");
  }

  /** Syncs `delay` ms from now, unless scheduled again before then (the last call counts). */
  private schedule(delay: number) {
    this.due = Date.now() + delay;
    // A screen mounting subscribes its topics one by one in one commit: the pending timer serves
    // the whole burst and is re-armed for what is left when it fires, instead of a clearTimeout and
    // a setTimeout per subscription (each costs ~0.7 ms in Lighthouse's trace, issue #14).
    if (this.pending && this.pendingAt <= this.due) return;
    if (this.pending) clearTimeout(this.pending);
    this.arm(delay);
  }

  private arm(delay: number) {
    this.pendingAt = Date.now() + delay;
    this.pending = setTimeout(() => {
      this.pending = null;
      const left = this.due - Date.now();
      if (left > 0) this.arm(left);
      else this.sync();
    }, delay);
  }

  private sync() {
    const topics = this.topics();
    // Topics over the cap wait for no stream: their subscribers fetch now.
    for (const subscription of this.subscriptions) {
      if (subscription.state === "waiting" && !includes(topics, subscription.topic)) this.uncover(subscription);
    }
    if (!topics) {
      this.closeOpening();
      this.closeLive();
      return;
    }
    if (this.opening?.topics === topics) return;
    this.closeOpening();
    if (this.live?.topics === topics) return;
    this.open(topics);
  }

  private closeLive() {
    this.live?.source.close();
    this.live = null;
  }

  private closeOpening() {
    this.opening?.source.close();
    this.opening = null;
  }

  private open(topics: string) {
    const source = new EventSource(`${this.url}?topics=${encodeURIComponent(topics)}`, { withCredentials: true });
    const stream: Stream = { source, topics };
    this.opening = stream;
    source.addEventListener("ready", () => {
      if (this.opening !== stream) return;
      this.attempt = 0;
      this.closeLive();
      this.live = stream;
      this.opening = null;
      for (const subscription of this.subscriptions) {
        if (includes(topics, subscription.topic)) this.cover(subscription);
        // One subscribed since this stream opened waits for the next, which the pending sync opens.
        else if (subscription.state === "covered") this.uncover(subscription);
      }
    });
    source.addEventListener("change", (message) => {
      if (this.live !== stream) return;
      const event = parseRealtimeEvent(safeJson((message as MessageEvent<string>).data));
      if (!event) return;
      for (const subscription of this.subscriptions) {
        if (subscription.topic === event.topic) subscription.listener.onEvent(event);
      }
    });
    source.onerror = () => {
      // EventSource retries on its own at a fixed pace and gives up on HTTP errors; we back off ourselves.
      if (stream === this.live) {
        this.closeLive();
        for (const subscription of this.subscriptions) this.uncover(subscription);
      } else if (stream === this.opening) {
        this.closeOpening();
        // Waiting for this stream to fetch would leave them empty until a retry succeeds.
        for (const subscription of this.subscriptions) if (subscription.state === "waiting") this.uncover(subscription);
      } else {
        return;
      }
      const delay = Math.min(RECONNECT_BASE_MS * 2 ** this.attempt, RECONNECT_MAX_MS);
      this.attempt += 1;
      this.schedule(delay);
    };
  }

  private cover(subscription: Subscription) {
    if (subscription.state === "covered") return;
    subscription.state = "covered";
    subscription.listener.onResync();
  }

  private uncover(subscription: Subscription) {
    if (subscription.state === "uncovered") return;
    subscription.state = "uncovered";
    subscription.listener.onUnavailable?.();
  }
}

/** Whether a stream's topic list (comma-separated) names `topic`. */
function includes(topics: string, topic: string): boolean {
  return topics.split(",").includes(topic);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // swallowed: an event that is not JSON fails the caller's shape check and is skipped.
    return undefined;
  }
}

let shared: RealtimeConnection | null = null;

function connection(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}

/** Subscribes the component to a topic while mounted (null topic: nothing). Without EventSource the topic is unavailable at once. */
export function useRealtimeTopic(topic: string | null, listener: RealtimeListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!topic) return;
    if (typeof EventSource === "undefined") {
      latest.current.onUnavailable?.();
      return;
    }
    return connection().subscribe(topic, {
      onEvent: (event) => latest.current.onEvent(event),
      onResync: () => latest.current.onResync(),
      onUnavailable: () => latest.current.onUnavailable?.(),
    });
  }, [topic]);
}

/**
 * Keeps a query live through `topic` and says whether it may fetch: once a stream listens on the
 * topic, or none can. Its first fetch waits for that, so the stream's first 'ready' is not a second
 * request (decision 185); a change calls `refetch` with its event (a counters event carries what
 * changed, decision 190), a resync after a gap calls it with none.
 */
export function useLiveTopic(topic: string | null, refetch: (event?: RealtimeEvent) => void): boolean {
  const [listened, setListened] = useState<string | null>(null);
  // A topic dropped and taken up again (a drawer closed and opened) waits for its stream again.
  if (topic === null && listened !== null) setListened(null);
  useRealtimeTopic(topic, {
    onEvent: refetch,
    onResync: () => (listened === topic ? refetch() : setListened(topic)),
    onUnavailable: () => setListened(topic),
  });
  return topic !== null && listened === topic;
}

const refetchScheduled = new Set<string>();

/**
 * Refetches a query for a realtime event or resync. Every hook on a topic hears it in one synchronous
 * loop (a product's several cards, every save button); their refetches collapse into one per query
 * and tick, where each invalidation would cancel the previous one's request and send its own (issue #14).
 * A request already on its way may have read before the change: it is cancelled and sent again
 * (invalidation alone would wait for it while the query has no data yet).
 */
export function refetchLive(queryClient: QueryClient, queryKey: QueryKey): void {
  const id = JSON.stringify(queryKey);
  if (refetchScheduled.has(id)) return;
  refetchScheduled.add(id);
  queueMicrotask(() => {
    refetchScheduled.delete(id);
    void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
  });
}

/**
 * Whether a change on a list's topic is one the cached list already shows, so it needs no request:
 * an insert of ids it holds, a delete of ids it does not (a shopper's own write, patched in from its
 * answer, echoed back by the stream). `held` is the ids of the cached list, undefined when none is.
 */
export function alreadyShown(held: readonly string[] | undefined, event: RealtimeEvent | undefined): boolean {
  if (!held || !event || (event.kind !== "insert" && event.kind !== "delete")) return false;
  const holding = new Set(held);
  return event.ids.every((id) => holding.has(id) === (event.kind === "insert"));
}
