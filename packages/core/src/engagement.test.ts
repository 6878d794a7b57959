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

  it("rejects anything else", () => {
    expect(parseRealtimeEvent(null)).toBeNull();
    expect(parseRealtimeEvent("comments:m1")).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "upsert", ids: [] })).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "delete", ids: [1] })).toBeNull();
    expect(parseRealtimeEvent({ kind: "delete", ids: [] })).toBeNull();
  });
});
