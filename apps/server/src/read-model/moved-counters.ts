import { type MediaCounts, REALTIME_CHANNEL, parseRealtimeEvent, realtimeTopics } from "@reelmart/core/engagement";
import type { Database } from "../db/database.ts";

const COUNTERS_PREFIX = realtimeTopics.counters("");

/**
 * Calls `onMoved` with the media ids of every counters-topic notification on the realtime channel
 * (every like, comment, share and view sends one), and the counts it carries, those of its one
 * media, when it carries them (decision 190); other notifications, and payloads that are not
 * realtime events, are ignored; `onMissed` when some may have been lost (Database.listen). Resolves
 * to the function that stops listening.
 */
export function listenForMovedCounters(
  database: Database,
  onMoved: (mediaIds: readonly string[], counts: MediaCounts | undefined) => void,
  onMissed: () => void,
): Promise<() => Promise<void>> {
  return database.listen(REALTIME_CHANNEL, (payload) => {
    let event;
    try {
      event = parseRealtimeEvent(JSON.parse(payload));
    } catch {
      // swallowed: the realtime service, on the same channel, logs a malformed notification.
      return;
    }
    if (event?.topic.startsWith(COUNTERS_PREFIX)) onMoved(event.ids, event.ids.length === 1 ? event.counts : undefined);
  }, onMissed);
}
