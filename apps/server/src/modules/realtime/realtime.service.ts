import { type MediaCounts, REALTIME_CHANNEL, type RealtimeEvent, parseRealtimeEvent, realtimeTopics } from "@reelmart/core/engagement";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../../db/database.ts";
import type { DB } from "../../db/schema.ts";
import type { Logger } from "../../logger.ts";
import { COUNTER_COLUMNS } from "../catalog/product-media.service.ts";

/**
 * Queues a change notification inside the caller's transaction: PostgreSQL delivers it only after
 * COMMIT (and drops it on rollback), to every instance LISTENing on the channel (DESIGN.md, Data).
 */
export async function notifyChange(trx: Kysely<DB>, event: RealtimeEvent): Promise<void> {
  await sql`select ${notifyChangeCall(event)}`.execute(trx);
}

/** The pg_notify call of notifyChange, for a statement that notifies as part of its own write. */
export function notifyChangeCall(event: RealtimeEvent): RawBuilder<void> {
  return notifyEncodedChangeCall(encodeRealtimeEvent(event));
}

/** PostgreSQL's NOTIFY refuses a payload of this many bytes or more (the statement fails with it). */
export const NOTIFY_PAYLOAD_MAX_BYTES = 8000;

/** An event as the payload pg_notify carries. */
export const encodeRealtimeEvent = (event: RealtimeEvent): string => JSON.stringify(event);

/** The event that a media's counters moved, with the counts the write left (decision 190). */
export function countersChanged(mediaId: string, counts?: MediaCounts): RealtimeEvent {
  const event: RealtimeEvent = { topic: realtimeTopics.counters(mediaId), kind: "update", ids: [mediaId] };
  if (counts) event.counts = counts;
  return event;
}

/** countersChanged without its counts, encoded: a counting statement's notice, bound as one of its values (countersNoticeCall adds the counts). */
export const countersNotice = (mediaId: string): string => encodeRealtimeEvent(countersChanged(mediaId));

/** COUNTER_COLUMNS as a counting statement's RETURNING list: the row countersNoticeCall reads. */
export const countedColumns = sql.join(COUNTER_COLUMNS.map((column) => sql.ref(column)));

/**
 * pg_notify of a counting statement's notice (countersNotice, one of its values; the statement is
 * compiled once) with the counts added in SQL from `counted`, the statement's row that moved them,
 * which returns countedColumns: the counts are the ones its commit leaves (decision 190).
 */
export function countersNoticeCall(encodedNotice: string | RawBuilder<string>, counted: string): RawBuilder<void> {
  const column = (name: (typeof COUNTER_COLUMNS)[number]) => sql.ref(`${counted}.${name}`);
  const counts = sql`jsonb_build_object('likeCount', ${column("like_count")}, 'commentCount', ${column("comment_count")}, 'shareCount', ${column("share_count")}, 'viewCount', ${column("view_count")})`;
  return sql<void>`pg_notify(${REALTIME_CHANNEL}, (${encodedNotice}::jsonb || jsonb_build_object('counts', ${counts}))::text)`;
}

/** notifyChangeCall with the event already encoded, for a statement compiled once (the event is one of its values). */
export function notifyEncodedChangeCall(encodedEvent: string | RawBuilder<string>): RawBuilder<void> {
  return sql<void>`pg_notify(${REALTIME_CHANNEL}, ${encodedEvent})`;
}

export type TopicListener = (event: RealtimeEvent) => void;

/**
 * One LISTEN per server process, fanned out to the SSE streams it serves. The LISTEN starts with
 * the first stream, so processes nobody streams from hold no listener connection.
 */
export class RealtimeHub {
  private listeners = new Map<string, Set<TopicListener>>();
  private missedListeners = new Set<() => void>();
  private listening: Promise<unknown> | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /**
   * Resolves once this process is LISTENing, so nothing committed afterwards can be missed.
   * `onMissed` is called when changes may have been lost (Database.listen): the stream then ends, and
   * the browser's reconnection reads everything afresh (shared/engagement/realtime.ts resyncs on 'ready').
   */
  async subscribe(topics: string[], listener: TopicListener, onMissed: () => void): Promise<() => void> {
    for (const topic of topics) {
      let set = this.listeners.get(topic);
      if (!set) this.listeners.set(topic, (set = new Set()));
      set.add(listener);
    }
    this.missedListeners.add(onMissed);
    const unsubscribe = () => {
      this.missedListeners.delete(onMissed);
      for (const topic of topics) {
        const set = this.listeners.get(topic);
        set?.delete(listener);
        if (set?.size === 0) this.listeners.delete(topic);
      }
    };
    try {
      await this.ensureListening();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  private ensureListening(): Promise<unknown> {
    this.listening ??= this.database
      .listen(
        REALTIME_CHANNEL,
        (payload) => this.dispatch(payload),
        () => {
          for (const onMissed of [...this.missedListeners]) onMissed();
        },
      )
      .catch((error: unknown) => {
      this.listening = null;
      throw error;
    });
    return this.listening;
  }

  private dispatch(payload: string) {
    let event;
    try {
      event = parseRealtimeEvent(JSON.parse(payload));
    } catch {
      // swallowed: logged below with the payload, which says more than the parse error.
      event = null;
    }
    if (!event) {
      this.logger.warn({ payload }, "ignored a malformed realtime notification");
      return;
    }
    for (const listener of this.listeners.get(event.topic) ?? []) listener(event);
  }
}
