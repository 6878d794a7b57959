import { describe, expect, it } from "vitest";
import { parseRealtimeEvent, realtimeTopics } from "./engagement.ts";

describe("parseRealtimeEvent", () => {
  it("accepts an event of ids on a topic", () => {
    const event = { topic: realtimeTopics.comments("m1"), kind: "insert", ids: ["c1"] };
    expect(parseRealtimeEvent(event)).toEqual(event);
  });

  it("keeps a counters event's four counts, and leaves out counts that are not four whole numbers", () => {
    const counts = { likeCount: 3, commentCount: 0, shareCount: 12, viewCount: 4051 };
    const event = { topic: realtimeTopics.counters("m1"), kind: "update", ids: ["m1"] };
    expect(parseRealtimeEvent({ ...event, counts: { ...counts, extra: "x" } })).toEqual({ ...event, counts });
    for (const bad of [null, "3", { ...counts, likeCount: -1 }, { ...counts, viewCount: 1.5 }, { ...counts, shareCount: "12" }, { likeCount: 3 }]) {
      expect(parseRealtimeEvent({ ...event, counts: bad })).toEqual(event);
    }
  });

  it("keeps the comment a comments insert or update carries, and leaves out one that is not a whole comment of that id", () => {
    const comment = {
      id: "c1",
      mediaId: "m1",
      productId: "p1",
      userId: "u1",
      authorName: "Asha",
      authorAvatar: null,
      comment: "Lovely colour",
      isEdited: false,
      createdAt: "2026-11-28T08:00:00.123Z",
      updatedAt: "2026-11-28T08:00:00.123Z",
    };
    const inserted = { topic: realtimeTopics.comments("m1"), kind: "insert", ids: ["c1"] };
    expect(parseRealtimeEvent({ ...inserted, comment: { ...comment, extra: "x" } })).toEqual({ ...inserted, comment });
    const edited = { ...comment, authorAvatar: "/a.png", isEdited: true };
    expect(parseRealtimeEvent({ ...inserted, kind: "update", comment: edited })).toEqual({ ...inserted, kind: "update", comment: edited });
    for (const bad of [null, "c1", { ...comment, id: "c2" }, { ...comment, isEdited: "no" }, { ...comment, authorAvatar: 3 }, { ...comment, createdAt: undefined }]) {
      expect(parseRealtimeEvent({ ...inserted, comment: bad })).toEqual(inserted);
    }
    expect(parseRealtimeEvent({ ...inserted, kind: "delete", comment })).toEqual({ ...inserted, kind: "delete" });
    expect(parseRealtimeEvent({ ...inserted, ids: ["c1", "c2"], comment })).toEqual({ ...inserted, ids: ["c1", "c2"] });
  });

  it("rejects anything else", () => {
    expect(parseRealtimeEvent(null)).toBeNull();
    expect(parseRealtimeEvent("comments:m1")).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "upsert", ids: [] })).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "delete", ids: [1] })).toBeNull();
    expect(parseRealtimeEvent({ kind: "delete", ids: [] })).toBeNull();
  });
});
