import { REALTIME_CHANNEL, type RealtimeEvent, parseRealtimeEvent, realtimeTopics } from "@reelmart/core/engagement";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { notificationsSettled } from "../../testing/notifications.ts";
import { RowCounter } from "../../testing/row-counter.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { LikeWriter } from "./likes.service.ts";

// Decision 200: likes arriving together are written by one statement. What each shopper is
// answered, the counts, the daily rows and the notices must be what one statement per like gave.
describe("LikeWriter", () => {
  let database: Database;
  let statements: RowCounter;
  let likes: LikeWriter;
  let events: RealtimeEvent[];
  let users: string[];

  const createUsers = async (count: number) => {
    const ids = Array.from({ length: count }, () => crypto.randomUUID());
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
      select id, 'Shopper', id || '@example.test', true, now(), now() from unnest(${ids}::text[]) as id`.execute(database.db);
    return ids;
  };
  const newMedia = async () => {
    const product = await createProduct(database.db);
    return { productId: product.id, mediaId: (await createMedia(database.db, product.id, { type: "video" })).id };
  };
  const likeCount = async (mediaId: string) =>
    (await database.db.selectFrom("product_media").select("like_count").where("id", "=", mediaId).executeTakeFirstOrThrow()).like_count;
  const dailyLikes = async (mediaId: string, productId: string) => ({
    media: (await database.db.selectFrom("analytics_media_daily").select("likes").where("media_id", "=", mediaId).executeTakeFirst())?.likes ?? 0,
    product: (await database.db.selectFrom("analytics_product_daily").select("likes").where("product_id", "=", productId).executeTakeFirst())?.likes ?? 0,
  });
  /** The events of `write`, once every notification it sent is in (and none of an earlier write). */
  const eventsOf = async (write: () => Promise<unknown>) => {
    await notificationsSettled(REALTIME_CHANNEL, [database]);
    events = [];
    await write();
    await notificationsSettled(REALTIME_CHANNEL, [database]);
    return events;
  };

  beforeAll(async () => {
    database = await openTestDatabase({ migrated: true });
    await database.listen(REALTIME_CHANNEL, (payload) => {
      // notificationsSettled's marker is not an event.
      const event = payload.startsWith("{") ? parseRealtimeEvent(JSON.parse(payload)) : null;
      if (event) events.push(event);
    }, () => {});
    users = await createUsers(40);
  });
  afterAll(() => database?.close());
  beforeEach(() => {
    statements = new RowCounter();
    likes = new LikeWriter(database.db.withPlugin(statements));
  });

  it("writes the likes of one turn in one statement: exact counts and daily rows, one counters notice per media, every liked device told", async () => {
    const first = await newMedia();
    const second = await newMedia();
    const received = await eventsOf(() =>
      Promise.all([...users.slice(0, 30).map((user) => likes.set(first.mediaId, user, true)), ...users.slice(0, 10).map((user) => likes.set(second.mediaId, user, true))]),
    );
    expect(statements.queries).toBe(1);
    expect([await likeCount(first.mediaId), await likeCount(second.mediaId)]).toEqual([30, 10]);
    expect(await dailyLikes(first.mediaId, first.productId)).toEqual({ media: 30, product: 30 });
    expect(await dailyLikes(second.mediaId, second.productId)).toEqual({ media: 10, product: 10 });
    const counters = received.filter((event) => event.topic.startsWith("counters"));
    expect(counters.map((event) => [event.topic, event.counts?.likeCount]).sort()).toEqual(
      [[realtimeTopics.counters(first.mediaId), 30], [realtimeTopics.counters(second.mediaId), 10]].sort(),
    );
    expect(received.filter((event) => event.topic === realtimeTopics.liked(users[0]!)).map((event) => event.ids)).toEqual(
      expect.arrayContaining([[first.mediaId], [second.mediaId]]),
    );
    expect(received.filter((event) => event.kind === "insert" && event.topic.startsWith("liked"))).toHaveLength(40);
  });

  it("answers every shopper the like state they asked for and the count the batch left; repeats change nothing", async () => {
    const { mediaId, productId } = await newMedia();
    await Promise.all(users.slice(0, 5).map((user) => likes.set(mediaId, user, true)));
    statements.reset();
    const answers = await Promise.all([
      ...users.slice(0, 5).map((user) => likes.set(mediaId, user, true)), // already liked: no change
      ...users.slice(5, 8).map((user) => likes.set(mediaId, user, true)),
      ...users.slice(0, 2).map((user) => likes.set(mediaId.toUpperCase(), user, false)),
    ]);
    // users 0 and 1 appear twice (a like, then an unlike): the unlike waits for the next statement.
    expect(statements.queries).toBe(2);
    expect(answers.slice(0, 8)).toEqual(Array(8).fill({ liked: true, likeCount: 8 }));
    expect(answers.slice(8)).toEqual([
      { liked: false, likeCount: 6 },
      { liked: false, likeCount: 6 },
    ]);
    expect(await likeCount(mediaId)).toBe(6);
    expect(await dailyLikes(mediaId, productId)).toEqual({ media: 8, product: 8 });
  });

  it("writes a like, an unlike and a like again of one shopper in the order they came", async () => {
    const { mediaId } = await newMedia();
    const [user] = users;
    const answers = await Promise.all([likes.set(mediaId, user!, true), likes.set(mediaId, user!, false), likes.set(mediaId, user!, true)]);
    expect(answers).toEqual([
      { liked: true, likeCount: 1 },
      { liked: false, likeCount: 0 },
      { liked: true, likeCount: 1 },
    ]);
    expect(await likeCount(mediaId)).toBe(1);
  });

  it("sends no counters notice when a batch leaves the count where it was, and tells both shoppers' devices", async () => {
    const { mediaId } = await newMedia();
    await likes.set(mediaId, users[0]!, true);
    const received = await eventsOf(() => Promise.all([likes.set(mediaId, users[0]!, false), likes.set(mediaId, users[1]!, true)]));
    expect(statements.queries).toBe(2);
    expect(await likeCount(mediaId)).toBe(1);
    expect(received.filter((event) => event.topic === realtimeTopics.counters(mediaId))).toEqual([]);
    expect(received.filter((event) => event.topic.startsWith("liked")).map((event) => [event.topic, event.kind]).sort()).toEqual(
      [[realtimeTopics.liked(users[0]!), "delete"], [realtimeTopics.liked(users[1]!), "insert"]].sort(),
    );
  });

  it("fails only the like of a media that does not exist, with the media's 404", async () => {
    const { mediaId } = await newMedia();
    const unknown = crypto.randomUUID();
    const answers = await Promise.allSettled([likes.set(mediaId, users[0]!, true), likes.set(unknown, users[1]!, true), likes.set(mediaId, users[2]!, true)]);
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(answers[1]).toMatchObject({ status: "rejected", reason: { code: "not_found", field: "id" } });
    expect(await likeCount(mediaId)).toBe(2);
  });

  it("fails only the like whose write fails, writing the others alone", async () => {
    const { mediaId } = await newMedia();
    // A user id the foreign key refuses: its insert fails the batch's statement.
    const answers = await Promise.allSettled([likes.set(mediaId, users[0]!, true), likes.set(mediaId, "no-such-user", true), likes.set(mediaId, users[1]!, true)]);
    expect(answers.map((answer) => answer.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(await likeCount(mediaId)).toBe(2);
  });
});
