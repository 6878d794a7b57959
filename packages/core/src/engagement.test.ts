import { describe, expect, it } from "vitest";
import { parseRealtimeEvent, realtimeTopics } from "./engagement.ts";

describe("parseRealtimeEvent", () => {
  it("accepts an event of ids on a topic", () => {
    const event = { topic: realtimeTopics.comments("m1"), kind: "insert", ids: ["c1"] };
    expect(parseRealtimeEvent(event)).toEqual(event);
  });

  it("rejects anything else", () => {
    expect(parseRealtimeEvent(null)).toBeNull();
    expect(parseRealtimeEvent("comments:m1")).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "upsert", ids: [] })).toBeNull();
    expect(parseRealtimeEvent({ topic: "t", kind: "delete", ids: [1] })).toBeNull();
    expect(parseRealtimeEvent({ kind: "delete", ids: [] })).toBeNull();
  });
});
