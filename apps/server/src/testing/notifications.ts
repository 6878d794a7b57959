import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Database } from "../db/database.ts";

/**
 * Waits until each of `databases` has delivered every notification already sent on `channel`
 * (a write's trigger sends one; PostgreSQL delivers it after the commit, PGlite with the write): a
 * late one would undo what a test sets up after it, such as a cache entry. Each database delivers a
 * channel's notifications in commit order on its one listener connection, so a marker sent now
 * arrives after them, and after the handlers already listening have run.
 */
export async function notificationsSettled(channel: string, databases: readonly Database[], markerPrefix = ""): Promise<void> {
  const marker = `${markerPrefix}settled-${randomUUID()}`;
  const listening = await Promise.all(
    databases.map(async (database) => {
      let arrived!: () => void;
      const received = new Promise<void>((resolve) => (arrived = resolve));
      // Tests do not cut the listening connection; one that does waits for its own resumption first.
      const stop = await database.listen(
        channel,
        (payload) => payload === marker && arrived(),
        () => {},
      );
      return { received, stop };
    }),
  );
  await sql`select pg_notify(${channel}, ${marker})`.execute(databases[0]!.db);
  await Promise.all(listening.map(({ received }) => received));
  await Promise.all(listening.map(({ stop }) => stop()));
}

/**
 * Counts the notifications the triggers send on `channel` (their payload is empty; a marker of
 * notificationsSettled is not one). The function it resolves to runs `quiet` (which must not notify),
 * then `loud`, and resolves to how many came of both, once every one they sent is in.
 */
export async function triggerNotificationCounter(
  database: Database,
  channel: string,
): Promise<(quiet: () => Promise<unknown>, loud: () => Promise<unknown>) => Promise<number>> {
  let heard = 0;
  await database.listen(
    channel,
    (payload) => {
      if (payload === "") heard += 1;
    },
    () => {},
  );
  return async (quiet, loud) => {
    const before = heard;
    await quiet();
    await loud();
    await notificationsSettled(channel, [database]);
    return heard - before;
  };
}
