import { REALTIME_MAX_TOPICS, type RealtimeEvent, parseRealtimeEvent } from "@reelmart/core/engagement";
import { useEffect, useRef } from "react";

export interface RealtimeListener {
  /** A server change on the topic (ids only: the listener refetches what it shows). */
  onEvent(event: RealtimeEvent): void;
  /** A stream carrying the topic is (re)established; what was fetched before may be stale: refetch. */
  onResync(): void;
}

interface Subscription {
  topic: string;
  listener: RealtimeListener;
}

const TOPIC_CHANGE_DEBOUNCE_MS = 50;
const RECONNECT_BASE_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

/**
 * One EventSource per browser tab multiplexing every topic on screen (docs/decisions/023). The topic
 * set travels in the URL, so a change reopens the stream (debounced): any instance behind a load
 * balancer can serve it, with no per-connection state on the server.
 */
export class RealtimeConnection {
  private subscriptions = new Set<Subscription>();
  private source: EventSource | null = null;
  private openTopics = "";
  private pending: ReturnType<typeof setTimeout> | null = null;
  /** When the pending timer fires, and when the sync it serves is due (Date.now() times). */
  private pendingAt = 0;
  private due = 0;
  private attempt = 0;

  constructor(private readonly url = "/api/realtime") {}

  subscribe(topic: string, listener: RealtimeListener): () => void {
    const subscription: Subscription = { topic, listener };
    this.subscriptions.add(subscription);
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
    if (topics === this.openTopics && this.source) return;
    this.close();
    if (!topics) return;
    this.open(topics);
  }

  private close() {
    if (!this.source) return;
    this.source.close();
    this.source = null;
  }

  private open(topics: string) {
    const source = new EventSource(`${this.url}?topics=${encodeURIComponent(topics)}`, { withCredentials: true });
    this.source = source;
    this.openTopics = topics;
    source.addEventListener("ready", () => {
      this.attempt = 0;
      // No stream was listening for any subscription until now: older ones lived through the gap
      // of the reopen, and new ones fetched their data before the server was LISTENing, so a change
      // committed in between would otherwise stay unseen until some later event.
      for (const subscription of this.subscriptions) subscription.listener.onResync();
    });
    source.addEventListener("change", (message) => {
      const event = parseRealtimeEvent(safeJson((message as MessageEvent<string>).data));
      if (!event) return;
      for (const subscription of this.subscriptions) {
        if (subscription.topic === event.topic) subscription.listener.onEvent(event);
      }
    });
    source.onerror = () => {
      // EventSource retries on its own at a fixed pace and gives up on HTTP errors; we back off ourselves.
      if (this.source !== source) return;
      this.close();
      const delay = Math.min(RECONNECT_BASE_MS * 2 ** this.attempt, RECONNECT_MAX_MS);
      this.attempt += 1;
      this.schedule(delay);
    };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

let shared: RealtimeConnection | null = null;

function connection(): RealtimeConnection {
  shared ??= new RealtimeConnection();
  return shared;
}

/** Subscribes the component to a topic while mounted (null topic: nothing). */
export function useRealtimeTopic(topic: string | null, listener: RealtimeListener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!topic || typeof EventSource === "undefined") return;
    return connection().subscribe(topic, {
      onEvent: (event) => latest.current.onEvent(event),
      onResync: () => latest.current.onResync(),
    });
  }, [topic]);
}
