import type { Server } from "../server.ts";
import { notificationsSettled } from "./notifications.ts";

/**
 * A channel no trigger sends on and no store follows: its marker disturbs nothing. One marker is
 * enough for every channel, as a server takes every notification in on one listening session
 * (PGlite's one session, or PostgreSQL's listening connection) in commit order, whatever its channel.
 */
const CAUGHT_UP_CHANNEL = "read_model_caught_up";

/**
 * Resolves once `server`'s read model has taken in every notification sent before the call and
 * finished what they set going: the feed's order and the search index built for the catalogue as it
 * now is, and the counters, popularity and cards they re-read. A write's notifications reach the read
 * model after its commit (PostgreSQL delivers them asynchronously) and some of what they start runs
 * in the background; a test that writes, then asserts what a read answers, awaits this in between,
 * as a shopper's next page load comes long after. Without a read model it resolves at once.
 */
export async function readModelCaughtUp(server: Pick<Server, "deps">): Promise<void> {
  const { database, readModel } = server.deps;
  if (!readModel) return;
  await notificationsSettled(CAUGHT_UP_CHANNEL, [database]);
  await Promise.all([readModel.feed.whenBuilt(), readModel.search.whenBuilt()]);
  await Promise.all([readModel.feed.settled(), readModel.search.settled(), readModel.searchCards.settled()]);
}
