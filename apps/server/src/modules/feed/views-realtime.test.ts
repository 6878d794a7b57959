import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMedia, createProduct } from "../../testing/fixtures.ts";
import { type TestServer, startTestServer } from "../../testing/test-server.ts";
import { SseReader } from "../../testing/sse-reader.ts";

describe("recorded views in realtime", () => {
  let server: TestServer;
  let mediaId: string;
  let otherMediaId: string;
  const readers: SseReader[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const product = await createProduct(server.deps.database.db);
    mediaId = (await createMedia(server.deps.database.db, product.id)).id;
    otherMediaId = (await createMedia(server.deps.database.db, product.id)).id;
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await server.close();
  });

  const open = async (topics: string) => {
    const response = await server.request(`/api/realtime?topics=${encodeURIComponent(topics)}`);
    expect(response.status).toBe(200);
    const reader = new SseReader(response);
    readers.push(reader);
    await reader.waitFor((e) => e.event === "ready");
    return reader;
  };
  const view = (id: string) =>
    server.json<{ viewCount: number }>(`/api/media/${id}/views`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sessionId: "realtime-session" }),
    });

  it("notifies the media's counters topic after a view is counted, and only that media's", async () => {
    const rail = await open(`counters:${mediaId}`);
    const other = await open(`counters:${otherMediaId}`);
    const { status, body } = await view(mediaId);
    expect(status).toBe(200);
    const event = await rail.waitFor((e) => e.event === "change", 1000);
    // The event carries the counts the view left (decision 190), which the engagement read agrees with.
    const engagement = await server.json<{ likeCount: number; commentCount: number; shareCount: number; viewCount: number }>(`/api/media/${mediaId}/engagement`);
    expect(engagement.body.viewCount).toBe(body.viewCount);
    const { likeCount, commentCount, shareCount, viewCount } = engagement.body;
    expect(JSON.parse(event.data)).toEqual({ topic: `counters:${mediaId}`, kind: "update", ids: [mediaId], counts: { likeCount, commentCount, shareCount, viewCount } });
    await expect(other.waitFor((e) => e.event === "change", 300)).rejects.toThrow(/no matching event/);
  });

  it("sends nothing for an unknown media (404)", async () => {
    const unknown = "00000000-0000-4000-8000-000000000001";
    const rail = await open(`counters:${unknown}`);
    expect((await view(unknown)).status).toBe(404);
    await expect(rail.waitFor((e) => e.event === "change", 300)).rejects.toThrow(/no matching event/);
  });
});
